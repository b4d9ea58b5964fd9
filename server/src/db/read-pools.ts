import type { EntityManager } from '@mikro-orm/core';
import { ReadBudget, type CostlyReadKind } from './read-budget.js';
import type { SqliteHotReader } from './sqlite-hot-reader.js';
import type { SqliteReadPool } from './sqlite-read-pool.js';

/**
 * Where costly hot reads run (costlyRows in db/hot-read.ts), per open database. Keyed
 * by the driver, which every fork of one ORM shares and no other ORM does.
 */

/**
 * MySQL/MariaDB: costly reads of each kind may hold at most this many of the 10 pooled
 * connections (orm-options.ts) at once, so at least four always serve details, page 1, trending,
 * logins and writes, and searches never take the connections list counts need (or the other way
 * round). Three keeps both of this machine's cores busy with either kind.
 */
export const MYSQL_COSTLY_READ_SLOTS = 3;

/**
 * At most this many costly reads of one kind wait, whatever their expected wait: only a bound on
 * memory under a flood. Refusing at once is read-budget.ts's expected-wait rule; a short fixed
 * queue refused 20 % of page 1's requests with caches off (50 connections, each needing the
 * list count, behind one list connection with a queue of 32).
 */
export const COSTLY_READ_QUEUE_LIMIT = 256;

const sqlitePools = new WeakMap<object, SqliteReadPool>();
const sqliteHotReaders = new WeakMap<object, SqliteHotReader>();
const mysqlBudgets = new WeakMap<object, Record<CostlyReadKind, ReadBudget>>();

export function attachSqliteReadPool(em: EntityManager, pool: SqliteReadPool): void {
  sqlitePools.set(em.getDriver(), pool);
}

/** Takes the database's read pool off it (closing is the caller's), or undefined if none. */
export function detachSqliteReadPool(em: EntityManager): SqliteReadPool | undefined {
  const pool = sqlitePools.get(em.getDriver());
  sqlitePools.delete(em.getDriver());
  return pool;
}

/** The SQLite read pool of this database, or undefined (in memory, disabled, tools). */
export function sqliteReadPool(em: EntityManager): SqliteReadPool | undefined {
  return sqlitePools.get(em.getDriver());
}

export function attachSqliteHotReader(em: EntityManager, reader: SqliteHotReader): void {
  sqliteHotReaders.set(em.getDriver(), reader);
}

/** Takes the database's hot reader off it (closing is the caller's), or undefined if none. */
export function detachSqliteHotReader(em: EntityManager): SqliteHotReader | undefined {
  const reader = sqliteHotReaders.get(em.getDriver());
  sqliteHotReaders.delete(em.getDriver());
  return reader;
}

/** The SQLite hot reader of this database, or undefined (in memory, tools). */
export function sqliteHotReader(em: EntityManager): SqliteHotReader | undefined {
  return sqliteHotReaders.get(em.getDriver());
}

/** The MySQL budget of costly reads of a kind, for this database (made on first use). */
export function mysqlCostlyReadBudget(em: EntityManager, kind: CostlyReadKind): ReadBudget {
  const driver = em.getDriver();
  let budgets = mysqlBudgets.get(driver);
  if (!budgets) {
    const budget = () => new ReadBudget(MYSQL_COSTLY_READ_SLOTS, COSTLY_READ_QUEUE_LIMIT);
    budgets = { search: budget(), list: budget() };
    mysqlBudgets.set(driver, budgets);
  }
  return budgets[kind];
}

/** Replaces the MySQL budget of one kind (tests use a tiny one); undefined: both defaults. */
export function setMysqlCostlyReadBudget(
  em: EntityManager,
  kind: CostlyReadKind,
  budget: ReadBudget | undefined,
): void {
  if (!budget) {
    mysqlBudgets.delete(em.getDriver());
    return;
  }
  mysqlBudgets.set(em.getDriver(), {
    search: mysqlCostlyReadBudget(em, 'search'),
    list: mysqlCostlyReadBudget(em, 'list'),
    [kind]: budget,
  });
}
