import type { EntityManager } from '@mikro-orm/core';
import type { AbstractSqlConnection, AbstractSqlPlatform } from '@mikro-orm/knex';
import { bindParameters } from './bound-parameters.js';
import { isMySql } from './dialect.js';
import type { CostlyReadKind } from './read-budget.js';
import { databaseReads, sqliteHotReader, sqliteReadPool, type MySqlServer } from './read-pools.js';
import { mysqlHotRows } from './mysql-hot-reader.js';
import { slowReadError } from './read-overload.js';
import { requestTimeLeftMs } from './request-deadline.js';
import { plainBindings } from './sqlite-hot-reader.js';
import { selectRows } from './select-rows.js';

/**
 * The hot reads (recipe list, count, trending, detail) go through `hotRows` or `costlyRows`.
 *
 * `hotRows` is for reads whose cost is bounded by an index (recipe_created_at_id_index for page 1,
 * the trending index, primary keys for a detail and for a page's categories, reactions and
 * comments; test/recipes/query-plans.test.ts checks the plans). On MySQL and MariaDB it gives
 * each statement a time limit, so one slow query (a cold buffer pool, a lock) answers 503 after
 * HOT_READ_TIME_LIMIT_MS instead of holding a pooled connection and the request for as long as
 * it takes. MariaDB takes `SET STATEMENT max_statement_time=<seconds> FOR SELECT ...`, MySQL 8
 * the `MAX_EXECUTION_TIME(<ms>)` optimizer hint; which server we talk to is read once per
 * database (with its full-text settings). On SQLite it runs on the event loop, where such a
 * read takes tens of microseconds, less than handing it over (measured in db/sqlite-read-pool.ts):
 * on the hot reader (db/sqlite-hot-reader.ts) outside a transaction, else on MikroORM's
 * connection.
 *
 * `costlyRows` is for reads whose cost can grow with the data: a search's ranking and count, list
 * counts, filtered and deep list pages (a search reads at most its window and the newest 201
 * matches it counts, but a filter that few matches pass walks further). On SQLite they run on the
 * read pool (db/sqlite-read-pool.ts), off the event loop and interrupted at the time limit; on
 * MySQL within a budget of pool connections (db/read-pools.ts), so they cannot take every
 * connection. Both answer 503 with Retry-After at once when the reads queued ahead would make
 * one wait past its limit (db/read-budget.ts).
 */
/** The database's hot-read time limit (read-pools.ts: HOT_READ_TIME_LIMIT_MS unless a test's). */
const hotReadTimeLimit = (em: EntityManager) => databaseReads(em).hotReadTimeLimitMs;

/** The MySQL-family server `em` talks to, asked once per database. */
export function mysqlServer(em: EntityManager): Promise<MySqlServer> {
  const reads = databaseReads(em);
  if (!reads.mysqlServer) {
    const server = readMySqlServer(em.fork());
    reads.mysqlServer = server;
    // A failed probe (server away) is not remembered: the next read asks again.
    server.catch(() => {
      if (reads.mysqlServer === server) reads.mysqlServer = undefined;
    });
  }
  return reads.mysqlServer;
}

/**
 * How this database aggregates rows into a JSON array in a given order: SQLite's
 * `json_group_array`, MariaDB's `json_arrayagg`, or null (MySQL 8 has no ORDER BY inside
 * JSON_ARRAYAGG; or a test asked for that path, DatabaseReads.orderedJsonArrays).
 */
export async function orderedJsonArrays(em: EntityManager): Promise<'sqlite' | 'mariadb' | null> {
  if (databaseReads(em).orderedJsonArrays === false) return null;
  if (!isMySql(em)) return 'sqlite';
  return (await mysqlServer(em)).kind === 'mariadb' ? 'mariadb' : null;
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
  if (!isMySql(em)) {
    // Outside a transaction, on the hot reader (db/sqlite-hot-reader.ts), when the database has one.
    const reader = em.getTransactionContext() ? undefined : sqliteHotReader(em);
    const bindings = reader && plainBindings(sql, params);
    if (bindings) return reader!.rows<T>(sql, bindings);
    return selectRows<T>(em, sql, params);
  }
  const server = await mysqlServer(em);
  const ms = hotReadTimeLimit(em);
  const limited =
    server.kind === 'mariadb'
      ? `set statement max_statement_time=${(ms / 1000).toFixed(6)} for ${sql}`
      : sql.replace(
          /^\s*select\b/i,
          `select /*+ MAX_EXECUTION_TIME(${Math.max(1, Math.round(ms))}) */`,
        );
  try {
    return (
      (await mysqlHotRows<T>(em, limited, params)) ?? (await selectRows<T>(em, limited, params))
    );
  } catch (error) {
    if (isStatementTimeout(error)) throw slowReadError();
    throw error;
  }
}

/**
 * `hotRows` for a read whose cost can grow with the data (see the top of this file), of a `kind`
 * (a search, or a list count or page: each kind has its own share of connections): on SQLite
 * on the read pool when the database has one (not in memory, not inside a transaction, whose
 * uncommitted writes only its own connection sees), on MySQL within the costly-read budget.
 * Waiting for a slot and running are each bounded by the hot-read time limit and by what is left
 * of the request's deadline (db/request-deadline.ts). The statement must do its work before its
 * first row (an aggregate, or an ORDER BY the planner sorts for): the pool steps the remaining
 * rows on the event loop.
 */
export async function costlyRows<T>(
  em: EntityManager,
  kind: CostlyReadKind,
  sql: string,
  params: readonly unknown[] = [],
): Promise<T[]> {
  const left = requestTimeLeftMs() ?? Number.POSITIVE_INFINITY;
  if (left <= 0) throw slowReadError();
  const limit = hotReadTimeLimit(em);
  const waitMs = Math.min(limit, left);
  if (isMySql(em)) {
    return databaseReads(em).mysqlBudgets[kind].run(() => hotRows<T>(em, sql, params), waitMs);
  }
  const pool = sqliteReadPool(em);
  if (!pool || em.getTransactionContext()) return selectRows<T>(em, sql, params);
  const statement = sqliteStatement(em, sql, params);
  return pool.read<T>(kind, statement.sql, statement.bindings, { waitMs, timeLimitMs: limit });
}

/**
 * The SQL and values exactly as the main connection would run them: MikroORM's placeholder
 * rules (bound-parameters.ts), knex's raw notation, and the values as knex's SQLite client binds
 * them (dates as epoch milliseconds, booleans as 0 and 1). A plain statement (only `?`, plain
 * values: every search and list read) is already that, without knex's builder.
 */
function sqliteStatement(em: EntityManager, sql: string, params: readonly unknown[]) {
  const plain = plainBindings(sql, params);
  if (plain) return { sql, bindings: plain };
  const bound = bindParameters(em.getPlatform() as AbstractSqlPlatform, sql, params);
  const compiled = (em.getConnection() as AbstractSqlConnection)
    .getKnex()
    .raw(bound.sql, bound.bindings as never[])
    .toSQL();
  const bindings = (compiled.bindings ?? []).map((value: unknown) => {
    if (value instanceof Date) return value.valueOf();
    if (typeof value === 'boolean') return Number(value);
    return value;
  });
  return { sql: compiled.sql, bindings };
}
