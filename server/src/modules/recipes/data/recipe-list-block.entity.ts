import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * The newest-first recipe list cut into blocks of consecutive recipes, each with its count and
 * the number of recipes in older blocks, so a deep page finds the block holding its position with
 * one index seek and skips only within it (recipe-list-blocks.ts). A block holds the recipes from
 * its start, (created at, id), up to the next block's start; the oldest block starts at the
 * lowest possible key. Counts are kept by database triggers on `recipe`; the app only adds
 * boundaries (splits).
 */
export const RecipeListBlock = defineEntity({
  name: 'RecipeListBlock',
  tableName: 'recipe_list_block',
  properties: {
    startCreatedAt: p.datetime(3).primary(),
    startId: p.integer().primary().autoincrement(false),
    recipeCount: p.integer(),
    // Recipes in all older blocks: a new recipe (the newest) changes no block's, a deleted or
    // older one those of the blocks above it.
    recipesBefore: p.integer(),
  },
  indexes: [{ name: 'recipe_list_block_recipes_before_index', properties: ['recipesBefore'] }],
});

export type RecipeListBlock = InferEntity<typeof RecipeListBlock>;
