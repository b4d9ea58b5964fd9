import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';

/** A single-use verification link; the token itself is only in the email, its SHA-256 hex here. */
export const EmailVerification = defineEntity({
  name: 'EmailVerification',
  tableName: 'email_verification',
  properties: {
    id: p.integer().primary(),
    user: p.manyToOne(User).ref().deleteRule('cascade'),
    tokenHash: p.string().length(64).unique(),
    createdAt: p.datetime(3).onCreate(() => new Date()),
    expiresAt: p.datetime(3),
    usedAt: p.datetime(3).nullable(),
  },
});

export type EmailVerification = InferEntity<typeof EmailVerification>;
