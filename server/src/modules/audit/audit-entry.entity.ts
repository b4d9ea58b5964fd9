import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '@recipehub/openapi/enums';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * One line of the append-only audit log (issue 30 item 6): who did what to which item, its state
 * before and after, and why. Never updated or deleted: the migration's triggers make the database
 * refuse both, whatever the caller.
 *
 * The actor is kept as plain columns (id and handle at the time), with no foreign key: the entry
 * must outlive the account, and a cascading delete would be refused by the triggers anyway.
 * `targetId` is text: a recipe's, comment's or review's id in decimal, a member's handle.
 */
export const AuditEntry = defineEntity({
  name: 'AuditEntry',
  tableName: 'audit_entry',
  properties: {
    id: p.integer().primary(),
    actorId: p.integer(),
    actorHandle: p.string().length(30),
    action: p.enum([...AUDIT_ACTIONS]),
    targetType: p.enum([...AUDIT_TARGET_TYPES]),
    targetId: p.string().length(64),
    /**
     * The item's state as JSON text, written and read by this module alone: plain text reads the
     * same on both databases (MariaDB's JSON is a LONGTEXT its driver hands back unparsed).
     */
    before: p.text().nullable(),
    after: p.text().nullable(),
    reason: p.text().nullable(),
    createdAt: p.datetime(3).onCreate(() => new Date()),
  },
  indexes: [
    // The admin page reads newest first, filtered by actor, action or target.
    { name: 'audit_entry_created_index', properties: ['createdAt', 'id'] },
    { name: 'audit_entry_actor_index', properties: ['actorHandle', 'createdAt'] },
    { name: 'audit_entry_target_index', properties: ['targetType', 'targetId', 'createdAt'] },
  ],
});

export type AuditEntry = InferEntity<typeof AuditEntry>;
