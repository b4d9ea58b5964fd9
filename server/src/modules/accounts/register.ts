import { PUBLIC_ACCESS } from '../../auth/access.js';
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import { AppError } from '../../errors/app-error.js';
import type { RequestMeta, ServiceDeps } from '../shared/service-deps.js';
import { hashPassword } from '../users/password.js';
import { Profile } from '../users/profile.entity.js';
import { User } from '../users/user.entity.js';
import { firstFreeHandle } from '../users/handle.js';
import type { RegisterInput } from '@recipehub/openapi/schemas/accounts';
import { enqueueVerificationLink, recordSend } from './verification-email.js';

export const REGISTER_FAILED = 'User Registration failed!';
export const REGISTERED =
  'Registration successful! Please check your email to verify your account.';
export const EMAIL_EXISTS = 'Email already exists!';

function emailTaken(): AppError {
  return new AppError('VALIDATION_FAILED', REGISTER_FAILED, { email: [EMAIL_EXISTS] });
}

export const REGISTER_ACCESS = PUBLIC_ACCESS;

/**
 * Creates an unverified User with an empty profile and queues the verification mail in the mail
 * outbox, all in one transaction: there is never an account without its mail or a mail without
 * its account. The mail leaves after the commit (the outbox worker retries it while SMTP is down),
 * so the answer does not wait for, or depend on, the mail server.
 */
export async function register(
  deps: ServiceDeps,
  input: RegisterInput,
  meta: RequestMeta,
): Promise<{ status: 'success'; message: string }> {
  await deps.limiter.hit('register', { ip: meta.ip, subject: input.email });
  const em = deps.orm.em.fork();
  if (await em.count(User, { email: input.email })) throw emailTaken();

  const passwordHash = await hashPassword(input.password);
  const isTaken = async (handle: string) => (await em.fork().count(User, { handle })) > 0;
  // Two registrations may pick the same free handle at once: the unique index decides, and the
  // loser tries again with the next free one (a taken email stays a 400).
  for (let attempt = 1; ; attempt++) {
    const handle = await firstFreeHandle(input.firstName, input.lastName, isTaken);
    try {
      await createAccount(deps, em.fork(), input, { passwordHash, handle });
      break;
    } catch (error) {
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      if (attempt >= 3 || (await em.fork().count(User, { email: input.email }))) throw emailTaken();
    }
  }
  deps.outbox.wake();
  return { status: 'success', message: REGISTERED };
}

async function createAccount(
  deps: ServiceDeps,
  em: EntityManager,
  input: RegisterInput,
  { passwordHash, handle }: { passwordHash: string; handle: string },
): Promise<void> {
  const now = new Date();
  await em.transactional(async (tx) => {
    const user = tx.create(User, {
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      handle,
      mobile: input.mobile ?? null,
      passwordHash,
      role: 'User',
      emailVerifiedAt: null,
    });
    tx.create(Profile, { user, image: null, age: null });
    await tx.flush();
    await recordSend(tx, input.email, now);
    enqueueVerificationLink(tx, deps.config, user, now);
  });
}
