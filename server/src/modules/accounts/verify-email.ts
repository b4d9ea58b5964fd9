import type { ServiceDeps } from '../shared/service-deps.js';
import { EmailVerification } from './email-verification.entity.js';
import { hashToken } from '../../auth/tokens.js';

export type VerificationResult = 'true' | 'already' | 'failed';

/**
 * Opens a verification link: `true` marks the account verified; a used link, or an account that
 * is verified already (e.g. through a newer link), gives `already`; anything else `failed`.
 */
export async function verifyEmail(deps: ServiceDeps, token: string): Promise<VerificationResult> {
  if (!/^[A-Za-z0-9_-]{20,200}$/.test(token)) return 'failed';
  const em = deps.orm.em.fork();
  return em.transactional(async (tx) => {
    const link = await tx.findOne(
      EmailVerification,
      { tokenHash: hashToken(token) },
      { populate: ['user'] },
    );
    if (!link) return 'failed';
    const user = link.user.getEntity();
    if (link.usedAt !== null) return 'already';
    if (link.expiresAt.getTime() <= Date.now()) return 'failed';
    const now = new Date();
    link.usedAt = now;
    const wasVerified = user.emailVerifiedAt !== null;
    if (!wasVerified) user.emailVerifiedAt = now;
    await tx.flush();
    return wasVerified ? 'already' : 'true';
  });
}
