import type { EntityManager } from '@mikro-orm/core';
import type { User } from '../modules/users/user.entity.js';
import { DeviceToken } from './device-token.entity.js';
import { addMinutes, hashToken, randomToken } from './tokens.js';

/** How long a client stays trusted after its last successful sign-in. */
export const DEVICE_TOKEN_DAYS = 180;

/** The shape randomToken() makes; anything else is not looked up. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The stored hash of `token` when it is a live device token issued to the account with `email`,
 * else undefined: a forged, expired or unknown token, or one issued to another account, earns no
 * trust. Without a token nothing is read, so unlimited anonymous attempts cost no query here.
 */
export async function findTrustedDevice(
  em: EntityManager,
  email: string,
  token: string | undefined,
  now: Date,
): Promise<string | undefined> {
  if (token === undefined || !TOKEN_PATTERN.test(token)) return undefined;
  const tokenHash = hashToken(token);
  const device = await em.findOne(
    DeviceToken,
    { tokenHash, user: { email }, expiresAt: { $gt: now } },
    { fields: ['id'] },
  );
  return device ? tokenHash : undefined;
}

export interface IssuedDeviceToken {
  token: string;
  expiresAt: Date;
}

/**
 * Trusts the client that just signed in to `user`: a new token (flushed by the caller), or the
 * one it presented with its expiry moved forward. The user's expired tokens are dropped.
 */
export async function trustDevice(
  em: EntityManager,
  user: User,
  presented: { token: string; tokenHash: string } | undefined,
  now: Date,
): Promise<IssuedDeviceToken> {
  const expiresAt = addMinutes(now, DEVICE_TOKEN_DAYS * 24 * 60);
  if (presented) {
    await em.nativeUpdate(DeviceToken, { tokenHash: presented.tokenHash }, { expiresAt });
    return { token: presented.token, expiresAt };
  }
  await em.nativeDelete(DeviceToken, { user, expiresAt: { $lte: now } });
  const token = randomToken();
  em.create(DeviceToken, { user, tokenHash: hashToken(token), expiresAt });
  return { token, expiresAt };
}
