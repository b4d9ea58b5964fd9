import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from '../modules/users/user.entity.js';

/**
 * A client that signed in to `user` successfully before (OWASP's "device cookie"): login attempts
 * presenting its token are limited per device, not with the account's lock-out. Only the SHA-256
 * hex of the random token is stored, like sessions.
 */
export const DeviceToken = defineEntity({
  name: 'DeviceToken',
  tableName: 'device_token',
  properties: {
    id: p.integer().primary(),
    user: p.manyToOne(User).ref().deleteRule('cascade'),
    tokenHash: p.string().length(64).unique(),
    createdAt: p.datetime(3).onCreate(() => new Date()),
    expiresAt: p.datetime(3),
  },
});

export type DeviceToken = InferEntity<typeof DeviceToken>;
