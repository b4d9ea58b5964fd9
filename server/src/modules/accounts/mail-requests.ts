import { LockMode, type EntityManager } from '@mikro-orm/core';
import type { AppConfig } from '../../config/config.js';
import type { Database } from '../../db/database.js';
import { retryOnConflict } from '../shared/retry.js';
import { User } from '../users/user.entity.js';
import { MailRequest, type MailRequestPurpose } from './mail-request.entity.js';
import { enqueueResetCode } from './reset-code.js';
import { enqueueVerificationLink } from './verification-email.js';

const BATCH_SIZE = 10;

/** Stores a request in the caller's transaction; the same single insert for any email. */
export function requestMail(
  em: EntityManager,
  purpose: MailRequestPurpose,
  email: string,
  now: Date,
): void {
  em.create(MailRequest, { purpose, email, requestedAt: now });
}

/**
 * Turns stored requests into mails (run by the outbox worker before each delivery pass). Each
 * batch is one transaction: the link or code, its outbox mail and the request's deletion commit
 * together, so a request is resolved exactly once. On MySQL the batch is read `FOR UPDATE SKIP
 * LOCKED`, so server processes resolving at the same time take different requests.
 */
export async function resolveMailRequests(
  database: Database,
  config: AppConfig,
  now: Date,
): Promise<void> {
  for (;;) {
    // A deadlock between two processes' batches rolls one back whole; it simply runs again.
    const resolved = await retryOnConflict(() => {
      const em = database.orm.em.fork();
      return em.transactional(async (tx) => {
        const requests = await tx.find(
          MailRequest,
          {},
          {
            orderBy: { id: 'asc' },
            limit: BATCH_SIZE,
            ...database.rowLock(LockMode.PESSIMISTIC_PARTIAL_WRITE),
          },
        );
        for (const request of requests) {
          // Locked on MySQL so two processes resolving requests for one account take turns: the
          // second then sees (and retires) the code the first one created.
          const user = await tx.findOne(
            User,
            { email: request.email },
            database.rowLock(LockMode.PESSIMISTIC_WRITE),
          );
          if (user && request.purpose === 'password-reset') {
            await enqueueResetCode(tx, user, now);
          } else if (user && request.purpose === 'verify-email' && user.emailVerifiedAt === null) {
            enqueueVerificationLink(tx, config, user, now);
          }
          tx.remove(request);
          // Written now, so the next request of the batch sees this one's code as the one to retire.
          await tx.flush();
        }
        return requests.length;
      }, database.claimIsolation);
    });
    if (resolved < BATCH_SIZE) return;
  }
}
