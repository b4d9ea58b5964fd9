import type { MikroORM } from '@mikro-orm/core';
import { Category } from '../modules/recipes/data/category.entity.js';
import { Recipe } from '../modules/recipes/data/recipe.entity.js';
import { User } from '../modules/users/user.entity.js';

/**
 * True when nobody has used the database yet: no users, no categories, no recipes. Decides whether
 * the embedded database seeds itself at start and whether `npm run seed` needs `--force`.
 */
export async function isDatabaseEmpty(orm: MikroORM): Promise<boolean> {
  const em = orm.em.fork();
  const counts = await Promise.all([
    em.count(User, {}),
    em.count(Category, {}),
    em.count(Recipe, {}),
  ]);
  return counts.every((count) => count === 0);
}
