import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** Leftover from the app this one grew out of; kept as real, admin-only CRUD (issue 4). */
export const Product = defineEntity({
  name: 'Product',
  tableName: 'product',
  properties: {
    id: p.integer().primary(),
    name: p.string().length(150),
    // Exact decimal, read back as a string so no float rounding creeps into prices.
    price: p.decimal('string').precision(10).scale(2),
    image: p.string().length(2048).nullable(),
  },
});

export type Product = InferEntity<typeof Product>;
