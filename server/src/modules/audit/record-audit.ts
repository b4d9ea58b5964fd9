import type { EntityManager } from '@mikro-orm/core';
import type { AuditAction, AuditTargetType } from '@recipehub/openapi/enums';
import { AuditEntry } from './audit-entry.entity.js';

export type { AuditAction, AuditTargetType } from '@recipehub/openapi/enums';

/** Who acted: the user's id and their handle at the time (kept as it was then). */
export interface AuditActor {
  id: number;
  handle: string;
}

/** The item acted on: a recipe's, comment's or review's id, or a member's handle. */
export type AuditTarget =
  { type: Exclude<AuditTargetType, 'user'>; id: number } | { type: 'user'; id: string };

/** The item's state as the log keeps it (a few fields, not the whole row). */
export type AuditState = Record<string, unknown>;

export interface AuditRecord {
  actor: AuditActor;
  action: AuditAction;
  target: AuditTarget;
  /** null when the item did not exist before (or no longer exists after). */
  before: AuditState | null;
  after: AuditState | null;
  reason: string | null;
}

/**
 * Appends one entry to the audit log with `em`, which must be the caller's transaction (the
 * `tx` of `em.transactional`): the action and its entry then commit, or roll back, together.
 * The insert runs at once rather than at the next flush, so a refused entry fails the action.
 */
export async function recordAudit(em: EntityManager, entry: AuditRecord): Promise<void> {
  await em.insert(AuditEntry, {
    actorId: entry.actor.id,
    actorHandle: entry.actor.handle,
    action: entry.action,
    targetType: entry.target.type,
    targetId: String(entry.target.id),
    before: entry.before && JSON.stringify(entry.before),
    after: entry.after && JSON.stringify(entry.after),
    reason: entry.reason,
    createdAt: new Date(),
  });
}
