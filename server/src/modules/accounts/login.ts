import type { LoginInput } from '@recipehub/openapi/schemas/accounts';
import { AppError } from '../../errors/app-error.js';
import type { LoginClient } from '../../auth/login-client.js';
import type { ServiceDeps } from '../shared/service-deps.js';
import { verifyPassword } from '../users/password.js';
import { User } from '../users/user.entity.js';
import { findTrustedDevice, trustDevice } from '../../auth/device-tokens.js';
import { openLoginSession } from '../../auth/sessions.js';

export const LOGIN_SUCCESS = 'Login Successful!';
export const INVALID_CREDENTIALS = 'Invalid Credentials';
export const UNVERIFIED = 'Please verify your email before logging in.';

/**
 * Checks the password (against a dummy hash for unknown emails, so timing reveals nothing) and
 * opens a 30-day sliding login session. Only a right password learns that the email is unverified.
 *
 * Guessing is limited as OWASP's device-cookie design has it: a client presenting a device token
 * issued to this account is counted against that device only; any other is counted per IP, per
 * (account, IP) and per account, and its failures slow the next answers for the account. So a
 * stranger can lock out untrusted clients, never the owner signing in where they did before. Only
 * failures count (a right password, even on an unverified account, costs nothing), so members
 * signing in often or many behind one address are never refused for it.
 */
export async function login(
  deps: ServiceDeps,
  input: LoginInput,
  client: LoginClient,
): Promise<{ status: 'success'; token: string; message: string }> {
  const em = deps.orm.em.fork();
  const now = new Date();
  const trustedDevice = await findTrustedDevice(em, input.email, client.deviceToken, now);
  const user = await deps.limiter.limitFailures(
    'login',
    trustedDevice
      ? { device: trustedDevice }
      : { ip: client.ip, subject: input.email, subjectAndIp: `${input.email} ${client.ip}` },
    async () => {
      const found = await em.findOne(User, { email: input.email });
      const matches = await verifyPassword(found?.passwordHash ?? null, input.password);
      return found && matches ? found : undefined;
    },
  );
  if (!user) {
    if (!trustedDevice) await deps.limiter.slowDownAfterFailure('login', input.email);
    throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  }
  if (user.emailVerifiedAt === null) throw new AppError('EMAIL_NOT_VERIFIED', UNVERIFIED);

  const { token, page } = openLoginSession(em, user, client.rememberPage !== undefined, now);
  const device = await trustDevice(
    em,
    user,
    trustedDevice && client.deviceToken
      ? { token: client.deviceToken, tokenHash: trustedDevice }
      : undefined,
    now,
  );
  await em.flush();
  client.rememberDevice?.(device);
  if (page) client.rememberPage?.(page);
  return { status: 'success', token, message: LOGIN_SUCCESS };
}
