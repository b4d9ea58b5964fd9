import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * Cooldowns keyed by purpose and email (e.g. `resend-verification:<email>`), deliberately not tied
 * to a user row: unknown emails must get the same cooldown, or the answer would reveal accounts.
 */
export const SendThrottle = defineEntity({
  name: 'SendThrottle',
  tableName: 'send_throttle',
  properties: {
    id: p.integer().primary(),
    key: p.string().length(255).unique(),
    lastSentAt: p.datetime(3),
  },
});

export type SendThrottle = InferEntity<typeof SendThrottle>;
