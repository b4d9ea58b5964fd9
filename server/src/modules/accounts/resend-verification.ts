import { z } from 'zod';
import { AppError } from '../../errors/app-error.js';
import type { RequestMeta, ServiceDeps } from '../service-deps.js';
import { User } from '../users/user.entity.js';
import { emailField } from './account-schemas.js';
import { SendThrottle } from './send-throttle.entity.js';
import {
  RESEND_COOLDOWN_SECONDS,
  enqueueVerificationLink,
  recordSend,
  resendThrottleKey,
} from './verification-email.js';

export const VERIFICATION_RESENT = 'If this email needs verification, a new link has been sent.';
export const RESEND_COOLDOWN = 'Please wait before requesting another verification email.';

export const resendVerificationInput = z.object({ email: emailField });
export type ResendVerificationInput = z.output<typeof resendVerificationInput>;

/** The resend cooldown: RATE_LIMITED with the seconds left, shown as `status: cooldown`. */
export class CooldownError extends AppError {
  constructor(readonly remaining: number) {
    super('RATE_LIMITED', RESEND_COOLDOWN, undefined, { retryAfterSeconds: remaining });
  }
}

/**
 * Sends a new link when the email belongs to an unverified account. Unknown and verified emails
 * get the same answer and the same 300 s cooldown, so the call reveals nothing about accounts.
 * Nor does its timing: the mail only enters the outbox in the transaction every path runs (the
 * cooldown write), and leaves after the answer (test/security/mail-timing.test.ts measures it).
 */
export async function resendVerification(
  deps: ServiceDeps,
  input: ResendVerificationInput,
  meta: RequestMeta,
): Promise<{ status: 'success'; message: string }> {
  await deps.limiter.hit('resendVerification', { ip: meta.ip, subject: input.email });
  const em = deps.orm.em.fork();
  const now = new Date();

  const throttle = await em.findOne(SendThrottle, { key: resendThrottleKey(input.email) });
  if (throttle) {
    const elapsed = Math.floor((now.getTime() - throttle.lastSentAt.getTime()) / 1000);
    if (elapsed < RESEND_COOLDOWN_SECONDS)
      throw new CooldownError(RESEND_COOLDOWN_SECONDS - elapsed);
  }

  const user = await em.findOne(User, { email: input.email });
  await em.transactional(async (tx) => {
    await recordSend(tx, input.email, now);
    if (user && user.emailVerifiedAt === null) {
      enqueueVerificationLink(tx, deps.config, tx.merge(user), now);
    }
  });
  deps.outbox.wake();
  return { status: 'success', message: VERIFICATION_RESENT };
}
