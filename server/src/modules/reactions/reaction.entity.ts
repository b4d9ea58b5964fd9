import { REACTION_TYPES } from '@recipehub/openapi/enums';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';
import { Recipe } from '../recipes/data/recipe.entity.js';

export const Reaction = defineEntity({
  name: 'Reaction',
  tableName: 'reaction',
  properties: {
    id: p.integer().primary(),
    user: p.manyToOne(User).ref().deleteRule('cascade'),
    recipe: p.manyToOne(Recipe).ref().deleteRule('cascade'),
    type: p.enum([...REACTION_TYPES]),
    createdAt: p.datetime(3).onCreate(() => new Date()),
  },
  // One reaction per user per recipe, enforced by the database so concurrent toggles cannot duplicate.
  uniques: [{ name: 'reaction_user_recipe_unique', properties: ['user', 'recipe'] }],
  indexes: [{ name: 'reaction_recipe_created_at_index', properties: ['recipe', 'createdAt'] }],
});

export type Reaction = InferEntity<typeof Reaction>;
