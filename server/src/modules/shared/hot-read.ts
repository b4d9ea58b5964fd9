import type { EntityManager } from '@mikro-orm/core';
import { MySqlPlatform } from '@mikro-orm/knex';
import { AppError } from '../../errors/app-error.js';
import { selectRows } from './sql.js';

/**
 * The hot reads (recipe list, count, trending, detail) go through `hotRows`, which on MySQL and
 * MariaDB gives each statement a time limit, so one slow query (a pathological search, a cold
 * buffer pool, a lock) answers 503 after HOT_READ_TIME_LIMIT_MS instead of holding a pooled
 * connection and the request for as long as it takes. MariaDB takes `SET STATEMENT
 * max_statement_time=<seconds> FOR SELECT ...`, MySQL 8 the `MAX_EXECUTION_TIME(<ms>)` optimizer
 * hint; which server we talk to is read once per database (with its full-text settings).
 *
 * SQLite (libsql, in process) has no such limit: its hot reads are index-driven
 * (recipe_created_at_id_index, walked newest first also for a common category, the trending
 * index, the FTS5 index for search, the primary key for detail; test/recipes/query-plans.test.ts
 * checks the plans), so the lists, trending and detail are a bounded number of page reads. A
 * search is the exception on both databases: it ranks every match before it can return the best
 * 10, so words found in half the recipes cost a few hundred milliseconds at 100,000 recipes
 * (README.md, "Performance").
 */
/**
 * Under the server's client-side limit on every statement (SERVING_TIMEOUTS.statementMs, 1.5 s,
 * which keeps every answer within 2 s when the database freezes): the server interrupts a slow
 * read itself first, so its connection stays usable instead of being destroyed.
 */
export const HOT_READ_TIME_LIMIT_MS = 1_200;

export const SLOW_READ_DETAIL =
  'The recipes are taking too long to load. Please try again shortly.';

/** What the full-text and time-limit code needs to know about a MySQL-family server. */
export interface MySqlServer {
  kind: 'mariadb' | 'mysql';
  /** Shorter words are not in a FULLTEXT index (`innodb_ft_min_token_size`, 3 by default). */
  minTokenSize: number;
  /** Words InnoDB leaves out of FULLTEXT indexes (empty when stopwords are off). */
  stopwords: ReadonlySet<string>;
}

// Keyed by the driver, which every fork of one ORM shares and no other ORM does.
const servers = new WeakMap<object, Promise<MySqlServer>>();
const timeLimits = new WeakMap<object, number>();

export const isMySql = (em: EntityManager) => em.getPlatform() instanceof MySqlPlatform;

/** Overrides the hot-read time limit for one database (tests use a tiny one). */
export function setHotReadTimeLimit(em: EntityManager, ms: number | undefined): void {
  if (ms === undefined) timeLimits.delete(em.getDriver());
  else timeLimits.set(em.getDriver(), ms);
}

export function mysqlServer(em: EntityManager): Promise<MySqlServer> {
  const driver = em.getDriver();
  let server = servers.get(driver);
  if (!server) {
    server = readMySqlServer(em.fork());
    servers.set(driver, server);
    // A failed probe (server away) is not remembered: the next read asks again.
    server.catch(() => servers.delete(driver));
  }
  return server;
}

async function readMySqlServer(em: EntityManager): Promise<MySqlServer> {
  const [settings] = await selectRows<{
    version: string;
    min: unknown;
    stopwords: unknown;
    table: unknown;
  }>(
    em,
    'select version() as `version`, @@innodb_ft_min_token_size as `min`, ' +
      '@@innodb_ft_enable_stopword as `stopwords`, @@innodb_ft_server_stopword_table as `table`',
  );
  const kind = /mariadb/i.test(settings?.version ?? '') ? 'mariadb' : 'mysql';
  const minTokenSize = Number(settings?.min ?? 3) || 3;
  const stopwords = new Set<string>();
  if (Number(settings?.stopwords ?? 1) === 1) {
    // A custom list is named `db/table` and has a `value` column; otherwise InnoDB's default one.
    const custom = typeof settings?.table === 'string' ? settings.table : '';
    const [db, table] = custom.split('/');
    const source =
      db && table && /^[\w$]+$/.test(db) && /^[\w$]+$/.test(table)
        ? `\`${db}\`.\`${table}\``
        : 'information_schema.innodb_ft_default_stopword';
    const rows = await selectRows<{ value: string }>(em, `select \`value\` from ${source}`);
    for (const row of rows) stopwords.add(String(row.value).toLowerCase());
  }
  return { kind, minTokenSize, stopwords };
}

/**
 * MariaDB ER_STATEMENT_TIMEOUT and MySQL ER_QUERY_TIMEOUT; and what the same limit raises when it
 * strikes inside a sort (ER_FILSORT_ABORT), is reported as an interruption (ER_QUERY_INTERRUPTED)
 * or strikes inside an InnoDB full-text search, which MariaDB reports as handler error 188
 * (HA_ERR_FTS_EXCEED_RESULT_CACHE_LIMIT, "Unknown error 188"; about 6 % of interrupted searches
 * here). Each would otherwise surface as a 500.
 */
const TIMEOUT_ERRNOS = new Set([1969, 3024, 1028, 1317, 188]);

export function isStatementTimeout(error: unknown): boolean {
  const errno = (error as { errno?: unknown } | null)?.errno;
  return typeof errno === 'number' && TIMEOUT_ERRNOS.has(errno);
}

/** `selectRows` for a hot read: time-limited on MySQL/MariaDB, a 503 AppError when over it. */
export async function hotRows<T>(
  em: EntityManager,
  sql: string,
  params: readonly unknown[] = [],
): Promise<T[]> {
  if (!isMySql(em)) return selectRows<T>(em, sql, params);
  const server = await mysqlServer(em);
  const ms = timeLimits.get(em.getDriver()) ?? HOT_READ_TIME_LIMIT_MS;
  const limited =
    server.kind === 'mariadb'
      ? `set statement max_statement_time=${(ms / 1000).toFixed(6)} for ${sql}`
      : sql.replace(
          /^\s*select\b/i,
          `select /*+ MAX_EXECUTION_TIME(${Math.max(1, Math.round(ms))}) */`,
        );
  try {
    return await selectRows<T>(em, limited, params);
  } catch (error) {
    if (isStatementTimeout(error)) throw new AppError('SERVICE_UNAVAILABLE', SLOW_READ_DETAIL);
    throw error;
  }
}
