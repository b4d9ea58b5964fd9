import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Recipe } from './recipe.entity.js';
import { Category } from '../categories/category.entity.js';

/**
 * Explicit pivot so the category filter gets its own (category, recipe) index; the primary key
 * (recipe, category) serves the other direction (a recipe's categories).
 */
export const RecipeCategory = defineEntity({
  name: 'RecipeCategory',
  tableName: 'recipe_category',
  properties: {
    recipe: p.manyToOne(Recipe).primary().ref().deleteRule('cascade'),
    // No cascade: a category in use cannot be deleted, and the database says so too.
    category: p.manyToOne(Category).primary().ref(),
  },
  indexes: [{ name: 'recipe_category_category_recipe_index', properties: ['category', 'recipe'] }],
});

export type RecipeCategory = InferEntity<typeof RecipeCategory>;
