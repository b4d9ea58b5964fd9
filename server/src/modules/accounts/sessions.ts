import type { EntityManager } from '@mikro-orm/core';
import type { User } from '../users/user.entity.js';
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
  const token = randomToken();
  em.create(Session, {
    user,
    tokenHash: hashToken(token),
    kind,
    expiresAt: addMinutes(
      now,
      kind === 'login' ? LOGIN_SESSION_DAYS * 24 * 60 : RESET_SESSION_MINUTES,
    ),
    lastUsedAt: now,
    revokedAt: null,
  });
  return token;
}
