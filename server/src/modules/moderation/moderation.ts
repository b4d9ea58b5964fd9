import type { EntityManager } from '@mikro-orm/core';
import type { ModeratedContentType } from '@recipehub/openapi/enums';
import {
  MODERATION_FAILED,
  MODERATION_FORBIDDEN,
  REPORT_NOT_FOUND,
} from '@recipehub/openapi/messages';
import {
  moderationActionInput,
  type ModerationActionInput,
} from '@recipehub/openapi/schemas/moderation';
import { adminAccess } from '../../auth/access.js';
import { defineUseCase, fromBody } from '../../auth/use-case.js';
import { recordAudit } from '../audit/record-audit.js';
import type { ModeratedRow } from '../recipes/data/recipe-moderation.js';
import { isHidden } from '../recipes/data/visibility.js';
import type { ServiceDeps } from '../shared/service-deps.js';
import { User } from '../users/user.entity.js';
import { notFound } from '../shared/sql.js';
import { deleteModerated, lockModerated, setModeratedHidden } from './moderated-content.js';
import { closeOpenReports, openReportCount, spendReports } from './report-outcomes.js';

/** An item's moderation state, as `POST /api/moderation/actions/` answers it. */
export interface ModerationStateData {
  target_type: ModeratedContentType;
  target_id: number;
  state: 'visible' | 'hidden' | 'deleted';
  hidden?: { reason: string };
  open_reports: number;
}

/**
 * What an action changed: the item's state before and after, for the audit log (issue 30, item
 * 6), which records one entry per action from these two.
 */
export interface ModerationOutcome {
  before: ModerationStateData;
  after: ModerationStateData;
}

async function stateOf(
  tx: EntityManager,
  input: ModerationActionInput,
  item: ModeratedRow | null,
): Promise<ModerationStateData> {
  const base = { target_type: input.target_type, target_id: input.target_id };
  const open_reports = await openReportCount(tx, input.target_type, input.target_id);
  if (!item) return { ...base, state: 'deleted', open_reports };
  if (!isHidden(item)) return { ...base, state: 'visible', open_reports };
  return { ...base, state: 'hidden', hidden: { reason: item.hidden_reason ?? '' }, open_reports };
}

/**
 * Applies a content action in one transaction: hide (reports actioned), restore (shown again,
 * reports dismissed and spent), delete (reports actioned), dismiss (reports dismissed, the item
 * untouched), and records it in the audit log in the same transaction, as `adminId` (the Admin
 * acting; their handle as it is now). Answers the state before and after.
 */
export async function applyModerationAction(
  deps: ServiceDeps,
  adminId: number,
  input: ModerationActionInput,
  now = new Date(),
): Promise<ModerationOutcome> {
  return deps.orm.em.fork().transactional(async (tx) => {
    const { target_type: type, target_id: id } = input;
    const item = await lockModerated(deps.database, tx, type, id);
    if (!item) throw notFound(REPORT_NOT_FOUND[type]);
    const before = await stateOf(tx, input, item);
    const target = { id, recipeId: item.recipeId };
    let after: ModeratedRow | null = item;
    if (input.action === 'hide') {
      await setModeratedHidden(tx, type, target, { at: now, reason: input.reason });
      await closeOpenReports(tx, type, id, 'actioned');
      after = { ...item, hidden_at: now, hidden_reason: input.reason };
    } else if (input.action === 'restore') {
      await setModeratedHidden(tx, type, target, null);
      await closeOpenReports(tx, type, id, 'dismissed');
      await spendReports(tx, type, id);
      after = { ...item, hidden_at: null, hidden_reason: null };
    } else if (input.action === 'delete') {
      await closeOpenReports(tx, type, id, 'actioned');
      await deleteModerated(tx, type, target);
      after = null;
    } else {
      await closeOpenReports(tx, type, id, 'dismissed');
    }
    const outcome = { before, after: await stateOf(tx, input, after) };
    const admin = await tx.findOneOrFail(User, adminId, { fields: ['handle'] });
    await recordAudit(tx, {
      actor: { id: adminId, handle: admin.handle },
      action: input.action,
      target: { type, id },
      before: { ...outcome.before },
      after: outcome.after.state === 'deleted' ? null : { ...outcome.after },
      reason: input.reason,
    });
    return outcome;
  });
}

/** `POST /api/moderation/actions/` (Admin), tRPC `moderation.act`: answers the new state. */
export const moderationAct = defineUseCase({
  access: adminAccess(['login', 'input', 'role'], MODERATION_FORBIDDEN),
  input: moderationActionInput,
  rest: {
    method: 'POST',
    path: '/api/moderation/actions/',
    read: fromBody(moderationActionInput, MODERATION_FAILED),
  },
  trpc: { kind: 'mutation', validationMessage: MODERATION_FAILED },
  async handle(deps, admin, input): Promise<ModerationStateData> {
    const { after } = await applyModerationAction(deps, admin.userId, input);
    return after;
  },
});

/** The moderation calls, as tRPC names them (`moderation.act`); REST takes each one's path. */
export const MODERATION_USE_CASES = { act: moderationAct };
