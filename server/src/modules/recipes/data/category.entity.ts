import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const Category = defineEntity({
  name: 'Category',
  tableName: 'category',
  properties: {
    id: p.integer().primary(),
    name: p.string().length(100).unique(),
  },
});

export type Category = InferEntity<typeof Category>;
