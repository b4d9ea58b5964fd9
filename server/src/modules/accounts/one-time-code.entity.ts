import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';

export const ONE_TIME_CODE_PURPOSES = ['password-reset'] as const;
export type OneTimeCodePurpose = (typeof ONE_TIME_CODE_PURPOSES)[number];

/**
 * An emailed short code. `attempts` lets the service kill the code after a few wrong guesses,
 * which is what makes a 6-digit secret safe; the hash column is wide enough for any scheme.
 */
export const OneTimeCode = defineEntity({
  name: 'OneTimeCode',
  tableName: 'one_time_code',
  properties: {
    id: p.integer().primary(),
    user: p.manyToOne(User).ref().deleteRule('cascade'),
    codeHash: p.string().length(255),
    purpose: p.enum([...ONE_TIME_CODE_PURPOSES]),
    createdAt: p.datetime(3).onCreate(() => new Date()),
    expiresAt: p.datetime(3),
    attempts: p.integer().default(0),
    usedAt: p.datetime(3).nullable(),
  },
  indexes: [{ name: 'one_time_code_user_purpose_index', properties: ['user', 'purpose'] }],
});

export type OneTimeCode = InferEntity<typeof OneTimeCode>;
