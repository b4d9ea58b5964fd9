import { PUBLIC_ACCESS } from '../../auth/access.js';
import type { ResendVerificationInput } from '@recipehub/openapi/schemas/accounts';
import { AppError } from '../../errors/app-error.js';
import type { RequestMeta, ServiceDeps } from '../shared/service-deps.js';
import { SendThrottle } from './send-throttle.entity.js';
import { requestMail } from './mail-requests.js';
import { RESEND_COOLDOWN_SECONDS, recordSend, resendThrottleKey } from './verification-email.js';

export const VERIFICATION_RESENT = 'If this email needs verification, a new link has been sent.';
export const RESEND_COOLDOWN = 'Please wait before requesting another verification email.';

/** The resend cooldown: RATE_LIMITED with the seconds left, shown as `status: cooldown`. */
export class CooldownError extends AppError {
  constructor(readonly remaining: number) {
    super('RATE_LIMITED', RESEND_COOLDOWN, undefined, { retryAfterSeconds: remaining });
  }
}

export const RESEND_VERIFICATION_ACCESS = PUBLIC_ACCESS;

/**
 * Sends a new link when the email belongs to an unverified account. Unknown and verified emails
 * get the same answer and the same 300 s cooldown, so the call reveals nothing about accounts.
 * Nor does its timing: the answer does the same work for any email (the cooldown and a mail
 * request, without even looking the account up); the outbox worker creates the link and its mail
 * afterwards, only for an unverified account (`mail-requests.ts`; measured by
 * test/security/mail-timing.test.ts).
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

  await em.transactional(async (tx) => {
    await recordSend(tx, input.email, now);
    requestMail(tx, 'verify-email', input.email, now);
  });
  deps.outbox.wake();
  return { status: 'success', message: VERIFICATION_RESENT };
}
