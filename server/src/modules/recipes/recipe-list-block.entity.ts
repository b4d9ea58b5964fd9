import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * The newest-first recipe list cut into blocks of consecutive recipes, each with its count, so a
 * deep page finds where it starts by adding up the counts of the newer blocks and skipping within
 * one block (recipe-list-blocks.ts). A block holds the recipes from its start, (created at, id),
 * up to the next block's start; the oldest block starts at the lowest possible key. Counts are
 * kept by database triggers on `recipe`; the app only moves boundaries (splits).
 */
export const RecipeListBlock = defineEntity({
  name: 'RecipeListBlock',
  tableName: 'recipe_list_block',
  properties: {
    startCreatedAt: p.datetime(3).primary(),
    startId: p.integer().primary().autoincrement(false),
    recipeCount: p.integer(),
  },
});

export type RecipeListBlock = InferEntity<typeof RecipeListBlock>;
