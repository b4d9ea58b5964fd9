import type { MikroORM } from '@mikro-orm/core';
import { entities } from './entities.js';
import { openDatabase, type OpenDatabaseOptions, type Orm } from './db/open-database.js';
import type { DatabaseOptions, DatabaseSchema } from './db/orm-options.js';
import { Category } from './modules/recipes/data/category.entity.js';
import { Recipe } from './modules/recipes/data/recipe.entity.js';
import { SEARCH_OWN_TABLES } from './modules/recipes/data/search-tables.js';
import { User } from './modules/users/user.entity.js';

/** RecipeHub's database: every entity, and the search's own tables (no entity). */
export const APP_SCHEMA: DatabaseSchema = { entities, tablesWithoutEntity: SEARCH_OWN_TABLES };

/** openDatabase (db/open-database.ts) with APP_SCHEMA: what the server, tools and tests open. */
export function openAppDatabase(
  database: DatabaseOptions,
  options: Omit<OpenDatabaseOptions, 'schema'>,
): Promise<Orm> {
  return openDatabase(database, { ...options, schema: APP_SCHEMA });
}

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
