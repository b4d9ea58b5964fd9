import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { CategorySet } from './category-set.entity.js';

/**
 * The categories of each category set, category first: the sets holding any of a filter's
 * categories in one index range per category. No foreign key to `category`: a set is deleted as
 * soon as no recipe has it, so a category named here is always in use.
 */
export const CategorySetMember = defineEntity({
  name: 'CategorySetMember',
  tableName: 'category_set_member',
  properties: {
    categoryId: p.integer().primary().autoincrement(false),
    categorySet: p
      .manyToOne(CategorySet)
      .primary()
      .ref()
      .fieldName('category_key')
      .deleteRule('cascade'),
  },
});

export type CategorySetMember = InferEntity<typeof CategorySetMember>;
