import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from '../modules/users/user.entity.js';

export const SESSION_KINDS = ['login', 'password-reset'] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];

/**
 * A revocable bearer token. Only the SHA-256 hex of the random token is stored, so a leaked
 * database does not hand out live sessions; the unique index is the look-up on every request.
 *
 * A login session of the web app also has a page token (page-cookie.ts): a second random token,
 * stored hashed in its own column, that the HttpOnly page cookie carries so the server can render
 * the member's dashboard. It lives on the same row so that whatever ends the login session
 * (logout, a password change or reset, the account's deletion, expiry) ends it too; the API
 * faces look sessions up by `tokenHash` only, so it never authenticates a call.
 */
export const Session = defineEntity({
  name: 'Session',
  tableName: 'session',
  properties: {
    id: p.integer().primary(),
    // Indexed by the foreign key itself ("revoke every session of this user").
    user: p.manyToOne(User).ref().deleteRule('cascade'),
    tokenHash: p.string().length(64).unique(),
    pageTokenHash: p.string().length(64).nullable().unique(),
    kind: p.enum([...SESSION_KINDS]),
    createdAt: p.datetime(3).onCreate(() => new Date()),
    expiresAt: p.datetime(3),
    lastUsedAt: p.datetime(3).onCreate(() => new Date()),
    revokedAt: p.datetime(3).nullable(),
  },
});

export type Session = InferEntity<typeof Session>;
