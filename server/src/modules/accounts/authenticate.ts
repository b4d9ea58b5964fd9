import type { EntityManager } from '@mikro-orm/core';
import type { Orm } from '../../db/open-database.js';
import { AppError, UNAUTHENTICATED_DETAIL } from '../../errors/app-error.js';
import { Session, type SessionKind } from './session.entity.js';
import { LOGIN_SESSION_DAYS, addMinutes, hashToken } from './tokens.js';
import type { Viewer } from './viewer.js';

/** lastUsedAt (and the sliding expiry) is written at most this often per session. */
const TOUCH_INTERVAL_MS = 60_000;

function invalidToken(): AppError {
  return new AppError('UNAUTHENTICATED', UNAUTHENTICATED_DETAIL, undefined, { invalidToken: true });
}

/**
 * The token of `Authorization: Bearer <token>`. No header (or a blank one): null, anonymous. A
 * malformed header: UNAUTHENTICATED. No database work, so anonymous requests need none.
 */
export function bearerToken(authorization: string | undefined): string | null {
  if (authorization === undefined || authorization.trim() === '') return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/i.exec(authorization);
  if (!match?.[1]) throw invalidToken();
  return match[1];
}

/**
 * Reads `Authorization: Bearer <token>`. No header: null (anonymous). A malformed header, or a
 * token that is unknown, expired, revoked or of another kind than `accept` (reset tokens are good
 * only for reset-password): UNAUTHENTICATED. An entity manager is forked only for a token.
 */
export async function authenticateBearer(
  orm: Orm,
  authorization: string | undefined,
  accept: SessionKind = 'login',
  now: Date = new Date(),
): Promise<Viewer | null> {
  const token = bearerToken(authorization);
  return token === null ? null : viewerOfToken(orm.em.fork(), token, accept, now);
}

/**
 * The session (with its user) that `where` finds, if it is of `kind`, not revoked and not
 * expired at `now`; else null. The bearer check looks sessions up by their API token's digest,
 * the dashboard's page cookie (page-viewer.ts) by its page token's.
 */
export async function liveSession(
  em: EntityManager,
  where: { tokenHash: string } | { pageTokenHash: string },
  kind: SessionKind,
  now: Date,
) {
  const session = await em.findOne(Session, where, { populate: ['user'] });
  if (
    !session ||
    session.kind !== kind ||
    session.revokedAt !== null ||
    session.expiresAt.getTime() <= now.getTime()
  ) {
    return null;
  }
  return session;
}

/** The caller a live session (liveSession) stands for; the role is its user row's, read now. */
export function viewerOfSession(session: NonNullable<Awaited<ReturnType<typeof liveSession>>>) {
  const user = session.user.getEntity();
  return {
    userId: user.id,
    email: user.email,
    role: user.role,
    sessionId: session.id,
    sessionKind: session.kind,
  } satisfies Viewer;
}

/**
 * The caller a bearer token stands for. Login sessions slide: each use (at most once a minute)
 * pushes the expiry 30 days out. The role comes from the user row on every call.
 */
export async function viewerOfToken(
  em: EntityManager,
  token: string,
  accept: SessionKind = 'login',
  now: Date = new Date(),
): Promise<Viewer> {
  const session = await liveSession(em, { tokenHash: hashToken(token) }, accept, now);
  if (!session) throw invalidToken();

  if (
    session.kind === 'login' &&
    now.getTime() - session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS
  ) {
    await em.nativeUpdate(
      Session,
      { id: session.id },
      { lastUsedAt: now, expiresAt: addMinutes(now, LOGIN_SESSION_DAYS * 24 * 60) },
    );
  }

  return viewerOfSession(session);
}
