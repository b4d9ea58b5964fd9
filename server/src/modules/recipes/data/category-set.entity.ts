import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * How many recipes have exactly this set of categories, the set written as its ascending ids
 * joined by commas (`recipe.category_key`; '' for none). The recipes of a category filter, any of
 * several categories, are the sets that contain one of them: their count is a sum over a few
 * sets (category-set-member), however many recipes there are. Kept by database triggers; a set
 * no recipe has any more is deleted.
 */
export const CategorySet = defineEntity({
  name: 'CategorySet',
  tableName: 'category_set',
  properties: {
    categoryKey: p.string().length(255).primary(),
    recipeCount: p.integer(),
  },
});

export type CategorySet = InferEntity<typeof CategorySet>;
