import type { EntityManager, LockMode, MikroORM } from '@mikro-orm/core';
import { MySqlPlatform } from '@mikro-orm/knex';

/**
 * True on MySQL or MariaDB, false on SQLite: the one test of which dialect a statement is for.
 * Only db/ asks it; a feature states what differs with `perDialect` or the helpers below.
 */
export const isMySql = (em: EntityManager) => em.getPlatform() instanceof MySqlPlatform;

export type Dialect = 'sqlite' | 'mysql';

/** The SQL text (or value, or function) of the dialect `em` talks to. */
export function perDialect<T>(em: EntityManager, choices: Record<Dialect, T>): T {
  return isMySql(em) ? choices.mysql : choices.sqlite;
}

/**
 * A row lock for a find inside a transaction: MySQL/MariaDB lock the rows; SQLite has no row
 * locks (its one writer holds the whole database), so it gets none.
 */
export const rowLock = <Mode extends LockMode>(
  em: EntityManager,
  lockMode: Mode,
): { lockMode?: Mode } => (isMySql(em) ? { lockMode } : {});

/** ` for update` after a select on MySQL/MariaDB; nothing on SQLite (see rowLock). */
export const forUpdate = (em: EntityManager) => (isMySql(em) ? ' for update' : '');

/** `table alias` read through `index`: MySQL's `force index`, SQLite's `indexed by`. */
export const tableByIndex = (em: EntityManager, table: string, alias: string, index: string) =>
  isMySql(em)
    ? `\`${table}\` ${alias} force index (\`${index}\`)`
    : `\`${table}\` ${alias} indexed by \`${index}\``;

/** The file of a SQLite database, or null (MySQL, or an in-memory database). */
export function sqliteFileOf(orm: MikroORM): string | null {
  if (isMySql(orm.em)) return null;
  const file = orm.config.get('dbName');
  return file && file !== ':memory:' ? file : null;
}
