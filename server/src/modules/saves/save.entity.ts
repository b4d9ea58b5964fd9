import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';
import { Recipe } from '../recipes/data/recipe.entity.js';

export const Save = defineEntity({
  name: 'Save',
  tableName: 'save',
  properties: {
    id: p.integer().primary(),
    user: p.manyToOne(User).ref().deleteRule('cascade'),
    recipe: p.manyToOne(Recipe).ref().deleteRule('cascade'),
    createdAt: p.datetime(3).onCreate(() => new Date()),
  },
  // Also serves "saved recipes of a user" (leading user column).
  uniques: [{ name: 'save_user_recipe_unique', properties: ['user', 'recipe'] }],
});

export type Save = InferEntity<typeof Save>;
