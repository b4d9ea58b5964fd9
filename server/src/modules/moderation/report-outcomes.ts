import type { EntityManager } from '@mikro-orm/core';
import type { ModeratedContentType, ReportStatus } from '@recipehub/openapi/enums';
import { selectRows } from '../../db/select-rows.js';
import { toInt } from '../shared/sql.js';

/**
 * The reports' side of a moderation action, in plain statements on `report` (the reports module
 * imports this one, for the automatic hiding, so this one cannot import its entity).
 */

const run = (tx: EntityManager, sql: string, params: unknown[]) =>
  tx.getConnection().execute(sql, params, 'run', tx.getTransactionContext());

/** Closes the item's open reports with `status` (open_mark NULL: decided, see Report). */
export async function closeOpenReports(
  tx: EntityManager,
  type: ModeratedContentType,
  id: number,
  status: Exclude<ReportStatus, 'open'>,
): Promise<void> {
  await run(
    tx,
    'update `report` set `status` = ?, `open_mark` = null ' +
      'where `target_type` = ? and `target_id` = ? and `open_mark` = 1',
    [status, type, id],
  );
}

/** After a restore: none of the item's reports so far can hide it automatically again. */
export async function spendReports(
  tx: EntityManager,
  type: ModeratedContentType,
  id: number,
): Promise<void> {
  await run(tx, 'update `report` set `spent` = 1 where `target_type` = ? and `target_id` = ?', [
    type,
    id,
  ]);
}

export async function openReportCount(
  tx: EntityManager,
  type: ModeratedContentType,
  id: number,
): Promise<number> {
  const [row] = await selectRows<{ n: unknown }>(
    tx,
    'select count(*) as `n` from `report` where `target_type` = ? and `target_id` = ? and `open_mark` = 1',
    [type, id],
  );
  return toInt(row?.n);
}
