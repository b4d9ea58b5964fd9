import { slowReadError } from './read-overload.js';
import { requestTimeLeftMs } from './request-deadline.js';

/**
 * The hot reads (recipe list, count, trending, detail) go through a Database's `hotRows` or
 * `costlyRows` (database.ts; sqlite-database.ts and mysql-database.ts implement them).
 *
 * `hotRows` is for reads whose cost is bounded by an index (recipe_visible_created_at_id_index for page 1,
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

/**
 * How long a costly read may wait for a slot: its time limit, within what is left of the
 * request's deadline (db/request-deadline.ts); a 503 when nothing is left.
 */
export function costlyReadWaitMs(timeLimitMs: number): number {
  const left = requestTimeLeftMs() ?? Number.POSITIVE_INFINITY;
  if (left <= 0) throw slowReadError();
  return Math.min(timeLimitMs, left);
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
