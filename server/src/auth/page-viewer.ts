import type { Database } from '../db/database.js';
import { liveSession, viewerOfSession } from './authenticate.js';
import { hashToken } from './tokens.js';
import type { Viewer } from './viewer.js';

/** The shape of a page token (32 random bytes, base64url): anything else is not looked up. */
const PAGE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The member a page cookie stands for, for server-rendering their own dashboard only; null for a
 * missing, malformed, unknown, revoked or expired token (the page is then sent as the plain
 * shell, never an error). It reads the session by its page token's digest, a column the API's
 * bearer look-up (authenticate.ts, by `tokenHash`) never reads, so the cookie authenticates no
 * API call. It does not slide the session: only the API's use of the bearer token does.
 */
export async function pageViewerOf(
  database: Database,
  token: string | undefined,
  now: Date = new Date(),
): Promise<Viewer | null> {
  if (token === undefined || !PAGE_TOKEN.test(token)) return null;
  const session = await liveSession(database, { pageTokenHash: hashToken(token) }, 'login', now);
  return session ? viewerOfSession(session) : null;
}
