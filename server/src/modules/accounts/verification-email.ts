import type { EntityManager } from '@mikro-orm/core';
import type { AppConfig } from '../../config/config.js';
import { enqueueMail } from '../../mail/enqueue-mail.js';
import { quoteUserText } from '../../mail/user-text.js';
import type { User } from '../users/user.entity.js';
import { EmailVerification } from './email-verification.entity.js';
import { SendThrottle } from './send-throttle.entity.js';
import { VERIFICATION_LINK_DAYS, addMinutes, hashToken, randomToken } from '../../auth/tokens.js';

export const RESEND_COOLDOWN_SECONDS = 300;

export function resendThrottleKey(email: string): string {
  return `resend-verification:${email}`;
}

/**
 * Stores a fresh single-use link for `user` and queues the mail that carries it, both in the
 * caller's transaction (which flushes them): the token exists only in that mail.
 *
 * This mail goes to whatever address was typed at registration, so the user's own text (the
 * name) appears only quoted and defanged, inside our sentence, never as a line of its own.
 */
export function enqueueVerificationLink(
  em: EntityManager,
  config: AppConfig,
  user: User,
  now: Date,
): void {
  const token = randomToken();
  em.create(EmailVerification, {
    user,
    tokenHash: hashToken(token),
    expiresAt: addMinutes(now, VERIFICATION_LINK_DAYS * 24 * 60),
    usedAt: null,
  });
  const link = `${config.publicUrl}/api/accounts/verify-email/${token}/`;
  enqueueMail(
    em,
    {
      purpose: 'verify-email',
      to: user.email,
      subject: 'Verify your RecipeHub email',
      text: [
        'Hello,',
        '',
        `A RecipeHub account was created with this email address under the name ${quoteUserText(user.firstName)}.`,
        'Please confirm your email address by opening this link (valid for 3 days, usable once):',
        link,
        '',
        'If you did not create a RecipeHub account, you can ignore this email.',
      ].join('\n'),
    },
    now,
  );
}

/** Records a send for the resend cooldown (inside the caller's transaction). */
export async function recordSend(em: EntityManager, email: string, now: Date): Promise<void> {
  const key = resendThrottleKey(email);
  const throttle = await em.findOne(SendThrottle, { key });
  if (throttle) throttle.lastSentAt = now;
  else em.create(SendThrottle, { key, lastSentAt: now });
  await em.flush();
}
