import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';
import { Recipe } from '../recipes/data/recipe.entity.js';

export const Comment = defineEntity({
  name: 'Comment',
  tableName: 'comment',
  properties: {
    id: p.integer().primary(),
    user: p.manyToOne(User).ref().deleteRule('cascade'),
    recipe: p.manyToOne(Recipe).ref().deleteRule('cascade'),
    content: p.text(),
    // Hidden by a moderator or by reports (issue 30): null while visible (recipes/data/visibility.ts).
    hiddenAt: p.datetime(3).nullable(),
    hiddenReason: p.string().length(500).nullable(),
    createdAt: p.datetime(3).onCreate(() => new Date()),
  },
  indexes: [
    { name: 'comment_recipe_created_at_index', properties: ['recipe', 'createdAt'] },
    // The counter refresh's count of a recipe's visible comments reads this index alone: without
    // it MariaDB read (and, inside the write's UPDATE, locked) the rows, and concurrent comments
    // deadlocked (test/faults/mariadb-faults.test.ts).
    { name: 'comment_recipe_visible_index', properties: ['recipe', 'hiddenAt'] },
  ],
});

export type Comment = InferEntity<typeof Comment>;
