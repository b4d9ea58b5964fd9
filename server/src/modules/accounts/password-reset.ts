import { PUBLIC_ACCESS } from '../../auth/access.js';
import type {
  ResetPasswordInput,
  SendOtpInput,
  VerifyOtpInput,
} from '@recipehub/openapi/schemas/accounts';
import { INVALID_CODE } from '@recipehub/openapi/messages';
import { AppError } from '../../errors/app-error.js';
import type { RequestMeta, ServiceDeps } from '../shared/service-deps.js';
import { hashPassword } from '../users/password.js';
import { User } from '../users/user.entity.js';
import { OneTimeCode } from './one-time-code.entity.js';
import { Session } from '../../auth/session.entity.js';
import { openLoginSession, openSession } from '../../auth/sessions.js';
import type { LoginClient } from '../../auth/login-client.js';
import { requestMail } from './mail-requests.js';
import { codeMatches } from './reset-code.js';
import { requireViewer, type Viewer } from '../../auth/viewer.js';

export const CODE_SENT = 'If an account exists for this email, a reset code has been sent.';
export const PASSWORD_RESET = 'Password Reset Successfully!';
export const MAX_CODE_ATTEMPTS = 5;

function invalidCode(): AppError {
  return new AppError('VALIDATION_FAILED', INVALID_CODE, { otp: [INVALID_CODE] });
}

export const SEND_OTP_ACCESS = PUBLIC_ACCESS;

/**
 * Emails a fresh 6-digit code (valid 10 minutes, single use; older codes die) if the email has an
 * account. The answer does the same work for any email: it stores a mail request (one insert) and
 * returns; the outbox worker then creates the code and its mail, or nothing for an unknown email
 * (`mail-requests.ts`). So neither the answer nor its timing tells whether the account exists
 * (test/security/mail-timing.test.ts measures it), and a slow or failing mail server never shows.
 */
export async function sendPasswordResetCode(
  deps: ServiceDeps,
  input: SendOtpInput,
  meta: RequestMeta,
): Promise<{ status: 'success'; message: string }> {
  await deps.limiter.hit('sendOtp', { ip: meta.ip, subject: input.email });
  const em = deps.orm.em.fork();
  const now = new Date();
  await em.transactional(async (tx) => {
    requestMail(tx, 'password-reset', input.email, now);
  });
  deps.outbox.wake();
  return { status: 'success', message: CODE_SENT };
}

export const VERIFY_OTP_ACCESS = PUBLIC_ACCESS;

/**
 * Exchanges the newest live code for a 15-minute reset token that only reset-password accepts.
 * Every wrong guess counts; the fifth kills the code.
 */
export async function verifyPasswordResetCode(
  deps: ServiceDeps,
  input: VerifyOtpInput,
  meta: RequestMeta,
): Promise<{ status: 'success'; token: string }> {
  await deps.limiter.hit('verifyOtp', { ip: meta.ip, subject: input.email });
  const em = deps.orm.em.fork();
  const user = await em.findOne(User, { email: input.email });
  if (!user) throw invalidCode();
  const now = new Date();
  const code = await em.findOne(
    OneTimeCode,
    { user, purpose: 'password-reset', usedAt: null, expiresAt: { $gt: now } },
    { orderBy: { createdAt: 'desc', id: 'desc' } },
  );
  if (!code || code.attempts >= MAX_CODE_ATTEMPTS) throw invalidCode();
  if (!codeMatches(code.codeHash, input.otp)) {
    // Atomic, so parallel guesses cannot share one attempt.
    await em.nativeUpdate(OneTimeCode, { id: code.id }, { attempts: code.attempts + 1 });
    throw invalidCode();
  }
  const used = await em.nativeUpdate(
    OneTimeCode,
    { id: code.id, usedAt: null, attempts: code.attempts },
    { usedAt: now },
  );
  if (used !== 1) throw invalidCode();
  const token = openSession(em, user, 'password-reset', now);
  await em.flush();
  return { status: 'success', token };
}

/**
 * Sets the new password with a reset token: marks the email verified (the user proved they own
 * it), revokes every session of the user (the reset token included, and with them their page
 * cookies), forgets the account's sign-in failures (per account and from every address: the
 * owner is not refused the sign-in they just earned) and opens a new login session (with a page
 * token for the web app).
 */
export async function resetPassword(
  deps: ServiceDeps,
  viewer: Viewer | null,
  input: ResetPasswordInput,
  meta: RequestMeta & Pick<LoginClient, 'rememberPage'>,
): Promise<{ status: 'success'; message: string; token: string }> {
  const caller = requireViewer(viewer);
  if (caller.sessionKind !== 'password-reset') {
    throw new AppError('UNAUTHENTICATED', 'A password reset token is required.', undefined, {
      invalidToken: true,
    });
  }
  await deps.limiter.hit('resetPassword', { ip: meta.ip, subject: String(caller.userId) });
  const passwordHash = await hashPassword(input.password);
  const em = deps.orm.em.fork();
  const now = new Date();
  const { token, page, email } = await em.transactional(async (tx) => {
    const user = await tx.findOneOrFail(User, { id: caller.userId });
    user.passwordHash = passwordHash;
    user.emailVerifiedAt ??= now;
    await tx.nativeUpdate(Session, { user: user.id, revokedAt: null }, { revokedAt: now });
    const fresh = openLoginSession(tx, user, meta.rememberPage !== undefined, now);
    await tx.flush();
    return { ...fresh, email: user.email };
  });
  await deps.limiter.forgetFailures('login', email);
  if (page) meta.rememberPage?.(page);
  return { status: 'success', message: PASSWORD_RESET, token };
}
