import type { EntityManager } from '@mikro-orm/core';
import type { AppConfig } from '../../config/config.js';
import type { Mailer } from '../../mail/mailer.js';
import type { User } from '../users/user.entity.js';
import { EmailVerification } from './email-verification.entity.js';
import { SendThrottle } from './send-throttle.entity.js';
import { VERIFICATION_LINK_DAYS, addMinutes, hashToken, randomToken } from './tokens.js';

export const RESEND_COOLDOWN_SECONDS = 300;

export function resendThrottleKey(email: string): string {
  return `resend-verification:${email}`;
}

/**
 * Stores a fresh single-use link for `user` (flushed by the caller's transaction) and emails it.
 * Throws when the email cannot be sent, so the caller's transaction rolls back.
 */
export async function sendVerificationLink(
  em: EntityManager,
  deps: { mailer: Mailer; config: AppConfig },
  user: User,
  now: Date,
): Promise<void> {
  const token = randomToken();
  em.create(EmailVerification, {
    user,
    tokenHash: hashToken(token),
    expiresAt: addMinutes(now, VERIFICATION_LINK_DAYS * 24 * 60),
    usedAt: null,
  });
  await em.flush();
  const link = `${deps.config.publicUrl}/api/accounts/verify-email/${token}/`;
  await deps.mailer.send({
    to: user.email,
    subject: 'Verify your RecipeHub email',
    text: [
      `Hello ${user.firstName},`,
      '',
      'Please confirm your email address by opening this link (valid for 3 days, usable once):',
      link,
      '',
      'If you did not create a RecipeHub account, you can ignore this email.',
    ].join('\n'),
  });
}

/** Records a send for the resend cooldown (inside the caller's transaction). */
export async function recordSend(em: EntityManager, email: string, now: Date): Promise<void> {
  const key = resendThrottleKey(email);
  const throttle = await em.findOne(SendThrottle, { key });
  if (throttle) throttle.lastSentAt = now;
  else em.create(SendThrottle, { key, lastSentAt: now });
  await em.flush();
}
