import { z } from 'zod';
import { atMost } from '../shared/text-length.js';
import { AppError } from '../../errors/app-error.js';
import type { RequestMeta, ServiceDeps } from '../service-deps.js';
import { verifyPassword } from '../users/password.js';
import { User } from '../users/user.entity.js';
import { emailField } from './account-schemas.js';
import { openSession } from './sessions.js';

export const LOGIN_SUCCESS = 'Login Successful!';
export const INVALID_CREDENTIALS = 'Invalid Credentials';
export const UNVERIFIED = 'Please verify your email before logging in.';

export const loginInput = z.object({
  email: emailField,
  password: z
    .string({
      error: (issue) => (issue.input == null ? 'Password is required' : 'Password must be text.'),
    })
    .min(1, { error: 'Password is required', abort: true })
    .refine(atMost(128), 'Password must be at most 128 characters.'),
});
export type LoginInput = z.output<typeof loginInput>;

/**
 * Checks the password (against a dummy hash for unknown emails, so timing reveals nothing) and
 * opens a 30-day sliding login session. Only a right password learns that the email is unverified.
 */
export async function login(
  deps: ServiceDeps,
  input: LoginInput,
  meta: RequestMeta,
): Promise<{ status: 'success'; token: string; message: string }> {
  await deps.limiter.hit('login', { ip: meta.ip, subject: input.email });
  const em = deps.orm.em.fork();
  const user = await em.findOne(User, { email: input.email });
  const matches = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !matches) throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  if (user.emailVerifiedAt === null) throw new AppError('EMAIL_NOT_VERIFIED', UNVERIFIED);

  const token = openSession(em, user, 'login');
  await em.flush();
  return { status: 'success', token, message: LOGIN_SUCCESS };
}
