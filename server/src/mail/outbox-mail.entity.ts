import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const OUTBOX_MAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
export type OutboxMailStatus = (typeof OUTBOX_MAIL_STATUSES)[number];

/**
 * One email waiting to leave, written in the same transaction as the change that causes it (a
 * registration, a reset code), so there is never an account without its mail or a mail without
 * its account. The outbox worker (`outbox-worker.ts`) delivers it:
 *
 * - `pending` rows whose `nextAttemptAt` has passed and whose lease (`lockedUntil`) is free or
 *   expired may be claimed; a claim sets `lockedUntil`, `lockToken` and counts an attempt, so a
 *   worker that dies mid-send only holds the row until the lease runs out.
 * - `sent` rows keep their metadata for audit, but `body` is blanked on delivery: it holds the
 *   secrets (verification links, reset codes) that should live only in the recipient's mailbox.
 * - `failed` rows ran out of attempts; they stay (with `lastError`) until someone looks at them.
 */
export const OutboxMail = defineEntity({
  name: 'OutboxMail',
  tableName: 'mail_outbox',
  properties: {
    id: p.integer().primary(),
    /** What the mail is for (e.g. `verify-email`), for the audit trail once the body is gone. */
    purpose: p.string().length(50),
    recipient: p.string().length(254),
    subject: p.string().length(255),
    /** The rendered plain-text body; blanked once delivered. */
    body: p.text(),
    status: p.enum([...OUTBOX_MAIL_STATUSES]),
    attempts: p.integer(),
    createdAt: p.datetime(3).onCreate(() => new Date()),
    nextAttemptAt: p.datetime(3),
    lockedUntil: p.datetime(3).nullable(),
    lockToken: p.string().length(32).nullable(),
    lastError: p.string().length(500).nullable(),
    sentAt: p.datetime(3).nullable(),
  },
  // The worker's claim query: pending rows that are due.
  indexes: [
    { name: 'mail_outbox_status_next_attempt_index', properties: ['status', 'nextAttemptAt'] },
  ],
});

export type OutboxMail = InferEntity<typeof OutboxMail>;
