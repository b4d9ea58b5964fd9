import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { MikroORM } from '@mikro-orm/core';
import type { AbstractSqlDriver } from '@mikro-orm/knex';
import { User } from '../modules/users/user.entity.js';
import { Category } from '../modules/categories/category.entity.js';
import { Recipe } from '../modules/recipes/recipe.entity.js';
import { ormOptions, type DatabaseOptions } from './orm-options.js';

export type Orm = MikroORM<AbstractSqlDriver>;

export interface OpenDatabaseOptions {
  /** Apply pending migrations before returning. */
  migrate: boolean;
}

export async function openDatabase(
  database: DatabaseOptions,
  options: OpenDatabaseOptions,
): Promise<Orm> {
  if (database.kind === 'sqlite' && database.path !== ':memory:') {
    // SQLite creates the file but not its folder (e.g. ./data on a fresh clone).
    await mkdir(path.dirname(database.path), { recursive: true });
  }
  const orm = await MikroORM.init<AbstractSqlDriver>(ormOptions(database));
  if (options.migrate) {
    try {
      await orm.getMigrator().up();
    } catch (error) {
      await orm.close(true);
      throw error;
    }
  }
  return orm;
}

/**
 * For /api/health: true when a trivial query answers within `timeoutMs`. Never throws, so a
 * closed pool, a dropped server or a hung connection all read as "unreachable".
 */
export async function isDatabaseReachable(orm: MikroORM, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const probe = (async () => {
    if (!(await orm.isConnected())) return false;
    await orm.em.getConnection().execute('select 1');
    return true;
  })().catch(() => false);
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function closeDatabase(orm: MikroORM): Promise<void> {
  await orm.close(true);
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
