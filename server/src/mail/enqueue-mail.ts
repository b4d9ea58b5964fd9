import type { EntityManager } from '@mikro-orm/core';
import { OutboxMail } from './outbox-mail.entity.js';

export interface QueuedMail {
  /** What the mail is for (kept for audit after the body is blanked), e.g. `verify-email`. */
  purpose: string;
  to: string;
  subject: string;
  text: string;
}

/**
 * Adds a mail to the outbox inside the caller's transaction (`em` is the transaction's entity
 * manager; the caller flushes). It leaves only if that transaction commits, and then it cannot
 * be lost: the worker retries it until it is delivered or runs out of attempts. After the
 * commit, call `outbox.wake()` so it leaves at once instead of at the next poll.
 */
export function enqueueMail(em: EntityManager, mail: QueuedMail, now = new Date()): void {
  em.create(OutboxMail, {
    purpose: mail.purpose,
    recipient: mail.to,
    subject: mail.subject,
    body: mail.text,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: now,
    lockedUntil: null,
    lockToken: null,
    lastError: null,
    sentAt: null,
  });
}
