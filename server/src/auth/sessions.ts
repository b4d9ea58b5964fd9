import type { EntityManager } from '@mikro-orm/core';
import type { User } from '../modules/users/user.entity.js';
import { Session, type SessionKind } from './session.entity.js';
import {
  LOGIN_SESSION_DAYS,
  RESET_SESSION_MINUTES,
  addMinutes,
  hashToken,
  randomToken,
} from './tokens.js';

/** Creates a session row (flushed by the caller) and returns the token, which is never stored. */
export function openSession(
  em: EntityManager,
  user: User,
  kind: SessionKind,
  now = new Date(),
): string {
  return openSessionRow(em, user, kind, now, null);
}

/** A page token handed to the web app with its login (page-cookie.ts), and when it stops. */
export interface IssuedPageToken {
  token: string;
  expiresAt: Date;
}

/**
 * A login session (flushed by the caller): its bearer token and, when the client keeps a page
 * cookie (the web app's tRPC login), a page token on the same row. Neither token is stored.
 */
export function openLoginSession(
  em: EntityManager,
  user: User,
  withPageToken: boolean,
  now = new Date(),
): { token: string; page: IssuedPageToken | null } {
  const pageToken = withPageToken ? randomToken() : null;
  const token = openSessionRow(em, user, 'login', now, pageToken);
  const page = pageToken ? { token: pageToken, expiresAt: expiryOf('login', now) } : null;
  return { token, page };
}

function expiryOf(kind: SessionKind, now: Date): Date {
  return addMinutes(now, kind === 'login' ? LOGIN_SESSION_DAYS * 24 * 60 : RESET_SESSION_MINUTES);
}

function openSessionRow(
  em: EntityManager,
  user: User,
  kind: SessionKind,
  now: Date,
  pageToken: string | null,
): string {
  const token = randomToken();
  em.create(Session, {
    user,
    tokenHash: hashToken(token),
    pageTokenHash: pageToken === null ? null : hashToken(pageToken),
    kind,
    expiresAt: expiryOf(kind, now),
    lastUsedAt: now,
    revokedAt: null,
  });
  return token;
}
