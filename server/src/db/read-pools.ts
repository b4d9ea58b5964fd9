import type { ReadLimitSettings } from './database.js';
import { ReadBudget, type CostlyReadKind } from './read-budget.js';

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

/** The default budgets: MYSQL_COSTLY_READ_SLOTS of each kind. */
export function defaultMysqlBudgets(): Record<CostlyReadKind, ReadBudget> {
  const budget = () => new ReadBudget(MYSQL_COSTLY_READ_SLOTS, COSTLY_READ_QUEUE_LIMIT);
  return { search: budget(), list: budget() };
}

/** A database's read limits unless its opener gives others (OpenDatabaseOptions.reads). */
export function defaultReadLimits(): ReadLimitSettings {
  return { mysqlBudgets: defaultMysqlBudgets(), hotReadTimeLimitMs: HOT_READ_TIME_LIMIT_MS };
}
