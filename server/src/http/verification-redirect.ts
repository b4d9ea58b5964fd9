import type { FastifyReply } from 'fastify';
import type { VerificationResult } from '../modules/accounts/verify-email.js';

/** Where verification links live; everything after it is the token. */
export const VERIFY_EMAIL_PREFIX = '/api/accounts/verify-email/';

/** The verification link's only answer: back to the login page, which shows the result. */
export function verificationRedirect(reply: FastifyReply, result: VerificationResult) {
  return reply.header('cache-control', 'no-store').redirect(`/login?verified=${result}`, 302);
}
