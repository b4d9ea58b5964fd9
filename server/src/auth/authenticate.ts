import type { Database } from '../db/database.js';
import { AppError, UNAUTHENTICATED_DETAIL } from '../errors/app-error.js';
import { Session, type SessionKind } from './session.entity.js';
import { LOGIN_SESSION_DAYS, addMinutes, hashToken } from './tokens.js';
import type { Viewer } from './viewer.js';
import { toDate, toInt } from '../modules/shared/sql.js';
import type { UserRole } from '@recipehub/openapi/enums';

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
 * only for reset-password): UNAUTHENTICATED. Only a token costs a database read.
 */
export async function authenticateBearer(
  database: Database,
  authorization: string | undefined,
  accept: SessionKind = 'login',
  now: Date = new Date(),
): Promise<Viewer | null> {
  const token = bearerToken(authorization);
  return token === null ? null : viewerOfToken(database, token, accept, now);
}

/** A live session and the user row it belongs to, as the look-up below reads them. */
export interface LiveSession {
  id: number;
  kind: SessionKind;
  lastUsedAt: Date;
  user: { id: number; email: string; role: UserRole; blocksSomeone: boolean };
}

interface SessionRow {
  id: unknown;
  kind: SessionKind;
  expires_at: unknown;
  last_used_at: unknown;
  revoked_at: unknown;
  user_id: unknown;
  email: string;
  role: UserRole;
  blocks_someone: unknown;
}

/**
 * The session (with its user) whose API token's digest (`tokenHash`) or page token's digest
 * (`pageTokenHash`) is `digest`, if it is of `kind`, not revoked and not expired at `now`; else
 * null. The bearer check looks sessions up by the first, the dashboard's page cookie
 * (page-viewer.ts) by the second.
 *
 * Every authenticated request runs it, so it is one hot read by a unique index (the Database's
 * sqlReader and hotRows, db/database.ts), not an entity loaded with its user: measured with the
 * built server pinned to one core, 50 connections on the bench data, caches off, server CPU per
 * save toggle 2.49-2.71 ms with `em.findOne(Session, ..., { populate: ['user'] })` on a fork,
 * 1.27 ms with this read on SQLite's hot reader (db/sqlite-hot-reader.ts); p99 0.8-1.6 s -> 130 ms.
 */
export async function liveSession(
  database: Database,
  digest: { tokenHash: string } | { pageTokenHash: string },
  kind: SessionKind,
  now: Date,
): Promise<LiveSession | null> {
  const [column, value] =
    'tokenHash' in digest
      ? ['token_hash', digest.tokenHash]
      : ['page_token_hash', digest.pageTokenHash];
  const [row] = await database.hotRows<SessionRow>(
    database.sqlReader,
    'select s.`id`, s.`kind`, s.`expires_at`, s.`last_used_at`, s.`revoked_at`, ' +
      'u.`id` as `user_id`, u.`email`, u.`role`, ' +
      // Whether the reads must look up whom the caller blocks (BlockedView): one index probe.
      'exists (select 1 from `member_block` b where b.`blocker_id` = u.`id`) as `blocks_someone` ' +
      `from \`session\` s join \`user\` u on u.\`id\` = s.\`user_id\` where s.\`${column}\` = ?`,
    [value],
  );
  if (
    !row ||
    row.kind !== kind ||
    row.revoked_at !== null ||
    toDate(row.expires_at).getTime() <= now.getTime()
  ) {
    return null;
  }
  return {
    id: toInt(row.id),
    kind: row.kind,
    lastUsedAt: toDate(row.last_used_at),
    user: {
      id: toInt(row.user_id),
      email: row.email,
      role: row.role,
      blocksSomeone: toInt(row.blocks_someone) > 0,
    },
  };
}

/** The caller a live session (liveSession) stands for; the role is its user row's, read now. */
export function viewerOfSession(session: LiveSession): Viewer {
  return {
    userId: session.user.id,
    email: session.user.email,
    role: session.user.role,
    blocksSomeone: session.user.blocksSomeone,
    sessionId: session.id,
    sessionKind: session.kind,
  };
}

/**
 * The caller a bearer token stands for. Login sessions slide: each use (at most once a minute)
 * pushes the expiry 30 days out. The role comes from the user row on every call.
 */
export async function viewerOfToken(
  database: Database,
  token: string,
  accept: SessionKind = 'login',
  now: Date = new Date(),
): Promise<Viewer> {
  const session = await liveSession(database, { tokenHash: hashToken(token) }, accept, now);
  if (!session) throw invalidToken();

  if (
    session.kind === 'login' &&
    now.getTime() - session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS
  ) {
    await database.orm.em
      .fork()
      .nativeUpdate(
        Session,
        { id: session.id },
        { lastUsedAt: now, expiresAt: addMinutes(now, LOGIN_SESSION_DAYS * 24 * 60) },
      );
  }

  return viewerOfSession(session);
}
