import type { EntityManager } from '@mikro-orm/core';
import { ReadBudget, type CostlyReadKind } from './read-budget.js';
import type { SqliteHotReader } from './sqlite-hot-reader.js';
import type { SqliteReadPool } from './sqlite-read-pool.js';

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

/**
 * Under the server's client-side limit on every statement (SERVING_TIMEOUTS.statementMs, 1.5 s,
 * which keeps every answer within 2 s when the database freezes): the server interrupts a slow
 * read itself first, so its connection stays usable instead of being destroyed.
 */
export const HOT_READ_TIME_LIMIT_MS = 1_200;

/** What the full-text and time-limit code needs to know about a MySQL-family server. */
export interface MySqlServer {
  kind: 'mariadb' | 'mysql';
  /** Shorter words are not in a FULLTEXT index (`innodb_ft_min_token_size`, 3 by default). */
  minTokenSize: number;
  /** Words InnoDB leaves out of FULLTEXT indexes (empty when stopwords are off). */
  stopwords: ReadonlySet<string>;
}

/**
 * Where one open database's hot and costly reads run (hot-read.ts) and their limits: one object
 * per database, a field of its driver, which every fork of its ORM shares and no other ORM does;
 * openDatabase fills it and closeDatabase closes what it holds.
 */
export interface DatabaseReads {
  /** SQLite: the read connections of the costly reads; none in memory and for tools. */
  sqliteReadPool?: SqliteReadPool;
  /** SQLite: the connection of the hot point reads; none in memory and for tools. */
  sqliteHotReader?: SqliteHotReader;
  /** MySQL/MariaDB: the budget of each kind of costly read. */
  mysqlBudgets: Record<CostlyReadKind, ReadBudget>;
  /** Each hot or costly read's time limit (HOT_READ_TIME_LIMIT_MS; tests use tiny ones). */
  hotReadTimeLimitMs: number;
  /** MySQL/MariaDB: the server's kind and full-text settings, asked once (hot-read.ts). */
  mysqlServer?: Promise<MySqlServer>;
  /** The EntityManager of the SQL-only hot reads (sql-reader.ts), forked on first use. */
  sqlReader?: EntityManager;
  /**
   * False: read as if the server had no ordered JSON aggregation, as MySQL 8 (orderedJsonArrays in
   * hot-read.ts; tests run that path on SQLite and MariaDB this way and compare the answers).
   */
  orderedJsonArrays?: false;
}

/** The default budgets: MYSQL_COSTLY_READ_SLOTS of each kind. */
export function defaultMysqlBudgets(): Record<CostlyReadKind, ReadBudget> {
  const budget = () => new ReadBudget(MYSQL_COSTLY_READ_SLOTS, COSTLY_READ_QUEUE_LIMIT);
  return { search: budget(), list: budget() };
}

/** A database's reads before openDatabase attaches its SQLite connections. */
export function newDatabaseReads(): DatabaseReads {
  return { mysqlBudgets: defaultMysqlBudgets(), hotReadTimeLimitMs: HOT_READ_TIME_LIMIT_MS };
}

/** The reads of the database `em` belongs to: its driver's, made on first use. */
export function databaseReads(em: EntityManager): DatabaseReads {
  const driver = em.getDriver() as { reads?: DatabaseReads };
  return (driver.reads ??= newDatabaseReads());
}

/** The SQLite read pool of this database, or undefined (in memory, disabled, tools). */
export const sqliteReadPool = (em: EntityManager) => databaseReads(em).sqliteReadPool;

/** The SQLite hot reader of this database, or undefined (in memory, tools). */
export const sqliteHotReader = (em: EntityManager) => databaseReads(em).sqliteHotReader;

/** The MySQL budget of costly reads of a kind, for this database. */
export const mysqlCostlyReadBudget = (em: EntityManager, kind: CostlyReadKind) =>
  databaseReads(em).mysqlBudgets[kind];
