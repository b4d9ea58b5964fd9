import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { enqueueMail } from '../../mail/enqueue-mail.js';
import { quoteUserText } from '../../mail/user-text.js';
import type { User } from '../users/user.entity.js';
import { OneTimeCode } from './one-time-code.entity.js';
import { addMinutes } from '../../auth/tokens.js';

export const CODE_MINUTES = 10;

/** `salt$sha256(salt:code)`: a fast hash is enough because a code dies after 5 wrong tries. */
function hashCode(code: string, salt = randomBytes(16).toString('hex')): string {
  return `${salt}$${createHash('sha256').update(`${salt}:${code}`).digest('hex')}`;
}

export function codeMatches(stored: string, code: string): boolean {
  const [salt] = stored.split('$');
  if (!salt) return false;
  const expected = Buffer.from(stored);
  const actual = Buffer.from(hashCode(code, salt));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * Retires the user's live reset codes, stores a fresh one and queues the mail that carries it,
 * all in the caller's transaction (which flushes): the code exists only in that mail. The
 * user's name appears only quoted and defanged, never as a line of its own.
 */
export async function enqueueResetCode(em: EntityManager, user: User, now: Date): Promise<void> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await em.nativeUpdate(
    OneTimeCode,
    { user: user.id, purpose: 'password-reset', usedAt: null },
    { usedAt: now },
  );
  em.create(OneTimeCode, {
    user: user.id,
    codeHash: hashCode(code),
    purpose: 'password-reset',
    expiresAt: addMinutes(now, CODE_MINUTES),
    attempts: 0,
    usedAt: null,
  });
  enqueueMail(
    em,
    {
      purpose: 'password-reset',
      to: user.email,
      subject: 'Your RecipeHub password reset code',
      text: [
        'Hello,',
        '',
        `Your password reset code is ${code}. It is valid for 10 minutes and can be used once.`,
        `It was requested for the RecipeHub account ${quoteUserText(user.firstName)} with this email address.`,
        '',
        'If you did not ask to reset your password, you can ignore this email.',
      ].join('\n'),
    },
    now,
  );
}
