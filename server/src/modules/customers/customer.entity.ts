import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** Leftover from the app this one grew out of; kept as real, admin-only CRUD (issue 4). */
export const Customer = defineEntity({
  name: 'Customer',
  tableName: 'customer',
  properties: {
    id: p.integer().primary(),
    name: p.string().length(150),
    email: p.string().length(254),
    mobile: p.string().length(32),
  },
});

export type Customer = InferEntity<typeof Customer>;
