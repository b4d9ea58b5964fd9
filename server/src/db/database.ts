import type { EntityManager, IsolationLevel, LockMode, MikroORM } from '@mikro-orm/core';
import type { AbstractSqlDriver } from '@mikro-orm/knex';
import type { Dialect } from './orm-options.js';
import type { CostlyReadKind, ReadBudget } from './read-budget.js';

export type Orm = MikroORM<AbstractSqlDriver>;

/** What the full-text and time-limit code needs to know about a MySQL-family server. */
export interface MySqlServer {
  kind: 'mariadb' | 'mysql';
  /** Shorter words are not in a FULLTEXT index (`innodb_ft_min_token_size`, 3 by default). */
  minTokenSize: number;
  /** Words InnoDB leaves out of FULLTEXT indexes (empty when stopwords are off). */
  stopwords: ReadonlySet<string>;
}

/**
 * The limits of one open database's hot and costly reads (hot-read.ts), given when it is opened
 * (OpenDatabaseOptions.reads). A member of its Database, so two databases opened in one process
 * keep their own; tests that change one mid-test change it on their own database's object.
 */
export interface ReadLimitSettings {
  /** Each hot or costly read's time limit (HOT_READ_TIME_LIMIT_MS; tests use tiny ones). */
  hotReadTimeLimitMs: number;
  /** MySQL/MariaDB: the budget of each kind of costly read. */
  mysqlBudgets: Record<CostlyReadKind, ReadBudget>;
  /**
   * False: read as if the server had no ordered JSON aggregation, as MySQL 8 (orderedJsonArrays
   * below; tests run that path on SQLite and MariaDB this way and compare the answers).
   */
  orderedJsonArrays?: false;
}

/**
 * One open database: its ORM, where its hot and costly reads run and their limits, and the SQL
 * its dialect writes differently, so no feature asks which dialect it is on. Opened once
 * (openDatabase, app-database.ts) and handed down in ServiceDeps; sqlite-database.ts and
 * mysql-database.ts implement it.
 */
export interface Database {
  readonly dialect: Dialect;
  readonly orm: Orm;
  /** The limits of its reads (see ReadLimitSettings). */
  readonly reads: ReadLimitSettings;
  /**
   * One EntityManager for the hot reads that only run SQL through its connection (the recipe
   * list and search, trending, a recipe's detail and its server-rendered page, the session
   * look-up of every authenticated request): they never load, persist or flush an entity, so
   * they need no identity map of their own, and a fork per request was a measurable part of
   * them. MikroORM 6's fork builds an EntityManager (its validator, entity loader and comparator
   * lookups) and sets the configuration twice: 2.2 % of the server's CPU profile under 50
   * connections of list page 1 (about 32 µs of a 710 µs request). Measured with the built
   * server pinned to one core, 50 connections, caches off, alternating builds on a machine
   * loaded by other work (load 4-5): server CPU per detail 0.318 -> 0.270-0.280 ms, per list
   * page 1 0.659 -> 0.622-0.644 ms. Writes and anything that loads entities keep their own fork.
   *
   * Its identity map must stay empty: anything loaded through it would be shared by every
   * request from then on. `server/test/recipes/sql-reader.test.ts` runs every path that uses it
   * and checks.
   */
  readonly sqlReader: EntityManager;

  /**
   * The rows of a read whose cost an index bounds (hot-read.ts): time-limited, a 503 AppError
   * when over the limit; inside `em`'s transaction when it has one.
   */
  hotRows<T>(em: EntityManager, sql: string, params?: readonly unknown[]): Promise<T[]>;
  /**
   * The rows of a read whose cost can grow with the data, of a `kind` with its own share of
   * connections (hot-read.ts): off the event loop on SQLite, budgeted on MySQL, 503 when full.
   */
  costlyRows<T>(
    em: EntityManager,
    kind: CostlyReadKind,
    sql: string,
    params?: readonly unknown[],
  ): Promise<T[]>;
  /**
   * How it aggregates rows into a JSON array in a given order: SQLite's `json_group_array`,
   * MariaDB's `json_arrayagg`, or null (MySQL 8 has no ORDER BY inside JSON_ARRAYAGG; or
   * `reads.orderedJsonArrays` is false).
   */
  orderedJsonArrays(): Promise<'sqlite' | 'mariadb' | null>;

  /**
   * A row lock for a find inside a transaction: MySQL/MariaDB lock the rows; SQLite has no row
   * locks (its one writer holds the whole database), so it gets none.
   */
  rowLock<Mode extends LockMode>(lockMode: Mode): { lockMode?: Mode };
  /** ` for update` after a select on MySQL/MariaDB; nothing on SQLite (see rowLock). */
  readonly forUpdate: string;
  /** `table alias` read through `index`: MySQL's `force index`, SQLite's `indexed by`. */
  tableByIndex(table: string, alias: string, index: string): string;
  /**
   * A column read so that binding it back compares equal (the list's block keys): as SQLite
   * stores it, MySQL's `cast(... as char)`.
   */
  asText(column: string): string;
  /**
   * The isolation of a transaction that claims rows other workers skip (the mail outbox): READ
   * COMMITTED on MySQL, where REPEATABLE READ's gap locks make claimers wait on each other;
   * SQLite's one writer has no levels.
   */
  readonly claimIsolation: { isolationLevel?: IsolationLevel };
  /** A feature's own SQL text (or value) for this dialect, when no member above fits. */
  pick<T>(choices: Record<Dialect, T>): T;
  /** The file of a SQLite database, or null (MySQL, or an in-memory database). */
  readonly sqliteFile: string | null;

  /** Closes its read connections, then MikroORM's. */
  close(): Promise<void>;
}
