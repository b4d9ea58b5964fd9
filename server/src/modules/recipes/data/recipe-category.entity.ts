import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Recipe } from './recipe.entity.js';
import { Category } from './category.entity.js';

/**
 * Explicit pivot so the category filter gets its own (category, created at, recipe) index; the
 * primary key (recipe, category) serves the other direction (a recipe's categories).
 */
export const RecipeCategory = defineEntity({
  name: 'RecipeCategory',
  tableName: 'recipe_category',
  properties: {
    recipe: p.manyToOne(Recipe).primary().ref().deleteRule('cascade'),
    // No cascade: a category in use cannot be deleted, and the database says so too.
    category: p.manyToOne(Category).primary().ref(),
    // The recipe's createdAt, copied by database triggers (see the list_counts migrations), so a
    // category's recipes can be read newest first from the index below alone. Null only for the
    // moment between a row's insert and its trigger on SQLite.
    createdAt: p.datetime(3).nullable(),
  },
  indexes: [
    // A category's recipes newest first (ties by id), as the list orders them; also serves every
    // lookup by category.
    {
      name: 'recipe_category_category_created_at_index',
      properties: ['category', 'createdAt', 'recipe'],
    },
  ],
});

export type RecipeCategory = InferEntity<typeof RecipeCategory>;
