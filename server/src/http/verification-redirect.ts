import type { FastifyReply } from 'fastify';
import type { AppConfig } from '../config/config.js';

/**
 * What the login page reads from `?verified=`: verify-email.ts's VerificationResult, spelled out
 * here so that http/ imports no module (the type checker holds the two together where
 * accounts.rest.ts passes one as the other).
 */
export type VerifiedParam = 'true' | 'already' | 'failed';

/** Where verification links live; everything after it is the token. */
export const VERIFY_EMAIL_PREFIX = '/api/accounts/verify-email/';

/**
 * The login page the verification link lands on: the web app's (WEB_APP_URL), so a client on
 * another origin learns the result. When the web app is this server's own (the default), the path
 * alone, which stays right behind a proxy that answers under another host name.
 */
export function loginPageUrl(config: Pick<AppConfig, 'publicUrl' | 'webAppUrl'>): string {
  return config.webAppUrl === config.publicUrl ? '/login' : `${config.webAppUrl}/login`;
}

/** The verification link's only answer: back to the login page, which shows the result. */
export function verificationRedirect(
  reply: FastifyReply,
  result: VerifiedParam,
  loginPage: string,
) {
  return reply.header('cache-control', 'no-store').redirect(`${loginPage}?verified=${result}`, 302);
}
