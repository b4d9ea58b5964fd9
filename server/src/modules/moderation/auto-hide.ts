import type { EntityManager } from '@mikro-orm/core';
import type { ModeratedContentType } from '@recipehub/openapi/enums';
import { AUTO_HIDDEN_REASON } from '@recipehub/openapi/messages';
import type { Database } from '../../db/database.js';
import { selectRows } from '../../db/select-rows.js';
import type { ServiceDeps } from '../shared/service-deps.js';
import { toInt } from '../shared/sql.js';
import { isHidden } from '../recipes/data/visibility.js';
import { inGoodStanding, type StandingRow } from './good-standing.js';
import { lockModerated, setModeratedHidden } from './moderated-content.js';

/** Distinct members in good standing whose reports hide an item at once (issue 30, item 3). */
export const AUTO_HIDE_REPORTERS = 3;

/**
 * Hides the item, pending review, once AUTO_HIDE_REPORTERS distinct members in good standing
 * have open reports on it that no restore spent; a member with a spent report on it does not
 * count again (a restore makes "those reports" unable to hide it, and reporting anew must not
 * undo that). Runs in the report's transaction, so the report and the hiding commit together.
 * Answers whether it hid the item.
 */
export async function autoHideIfReported(
  deps: Pick<ServiceDeps, 'config'> & { database: Database },
  tx: EntityManager,
  type: ModeratedContentType,
  id: number,
  now = new Date(),
): Promise<boolean> {
  const item = await lockModerated(deps.database, tx, type, id);
  if (!item || isHidden(item)) return false;
  const rows = await selectRows<
    StandingRow & { reporter_id: unknown; spent: unknown; open_mark: unknown }
  >(
    tx,
    'select r.`reporter_id`, r.`spent`, r.`open_mark`, u.`email_verified_at` from `report` r ' +
      'join `user` u on u.`id` = r.`reporter_id` where r.`target_type` = ? and r.`target_id` = ?',
    [type, id],
  );
  const spent = new Set(
    rows.filter((row) => toInt(row.spent) === 1).map((row) => toInt(row.reporter_id)),
  );
  const counted = new Set(
    rows
      .filter((row) => toInt(row.open_mark) === 1 && !spent.has(toInt(row.reporter_id)))
      .filter((row) => inGoodStanding(row, deps.config, now))
      .map((row) => toInt(row.reporter_id)),
  );
  if (counted.size < AUTO_HIDE_REPORTERS) return false;
  await setModeratedHidden(
    tx,
    type,
    { id, recipeId: item.recipeId },
    { at: now, reason: AUTO_HIDDEN_REASON },
  );
  return true;
}
