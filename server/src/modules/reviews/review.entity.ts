import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';
import { Recipe } from '../recipes/data/recipe.entity.js';

export const Review = defineEntity({
  name: 'Review',
  tableName: 'review',
  properties: {
    id: p.integer().primary(),
    user: p.manyToOne(User).ref().deleteRule('cascade'),
    recipe: p.manyToOne(Recipe).ref().deleteRule('cascade'),
    body: p.text().nullable(),
    rating: p.smallint(),
    // Hidden by a moderator or by reports (issue 30): null while visible (recipes/data/visibility.ts).
    hiddenAt: p.datetime(3).nullable(),
    hiddenReason: p.string().length(500).nullable(),
    createdAt: p.datetime(3).onCreate(() => new Date()),
    updatedAt: p
      .datetime(3)
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  // The range is validated by the services too; the check keeps imports and hand edits honest.
  checks: [{ name: 'review_rating_check', expression: 'rating >= 1 and rating <= 5' }],
  uniques: [{ name: 'review_user_recipe_unique', properties: ['user', 'recipe'] }],
  indexes: [
    { name: 'review_recipe_created_at_index', properties: ['recipe', 'createdAt'] },
    // The counter refresh's count and rating sum of a recipe's visible reviews, from this index
    // alone (see comment_recipe_visible_index).
    { name: 'review_recipe_visible_rating_index', properties: ['recipe', 'hiddenAt', 'rating'] },
  ],
});

export type Review = InferEntity<typeof Review>;
