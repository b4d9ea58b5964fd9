import type { EntityManager } from '@mikro-orm/core';
import { MySqlPlatform } from '@mikro-orm/knex';

/**
 * True on MySQL or MariaDB, false on SQLite. Features state what differs through their Database
 * (database.ts); only the search files still ask this, until search has a SearchIndex per
 * database (issue 29, item 4).
 */
export const isMySql = (em: EntityManager) => em.getPlatform() instanceof MySqlPlatform;

export type Dialect = 'sqlite' | 'mysql';

/** The SQL text (or value, or function) of the dialect `em` talks to. */
export function perDialect<T>(em: EntityManager, choices: Record<Dialect, T>): T {
  return isMySql(em) ? choices.mysql : choices.sqlite;
}
