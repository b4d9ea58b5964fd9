import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * The number of recipes, in its one row (id 1): the unfiltered list's count without a scan. Kept
 * by database triggers on `recipe` (see the list_counts migrations), never by the app. On MySQL
 * the row is also the lock that orders every change of the list counts (recipe inserts and
 * deletes, category changes) with the block splits of recipe-list-blocks.ts.
 */
export const RecipeTotal = defineEntity({
  name: 'RecipeTotal',
  tableName: 'recipe_total',
  properties: {
    id: p.integer().primary().autoincrement(false),
    recipeCount: p.integer(),
  },
});

export type RecipeTotal = InferEntity<typeof RecipeTotal>;
