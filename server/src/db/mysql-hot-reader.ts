import { createPool, type Pool, type PoolConnection, type PoolOptions } from 'mysql2/promise';
import { withoutStatementValues } from '../errors/statement-errors.js';
import { ORM_NOTATION } from './bound-parameters.js';
import { requestTimeLeftMs } from './request-deadline.js';

/**
 * MySQL/MariaDB: the hot reads (hotRows of mysql-database.ts) go straight to a connection of a
 * plain mysql2 pool of their own, as db/sqlite-hot-reader.ts does on SQLite. What they leave out
 * is the way through MikroORM and knex: MikroORM's execute (its onQuery hook and its logger's
 * wrapper), bound-parameters.ts's placeholder rewrite, knex's raw builder, `toSQL` and runner, and
 * the promises of each. What they keep: the connection settings and the pool's size and acquire
 * wait (orm-options.ts), and the client-side time limit of every statement within the request's
 * deadline, with a timed-out connection destroyed (mysql-statement-timeout.ts explains why).
 *
 * Measured (then on knex's pool, through its client's private `_query`; the same work is left
 * out here) by replaying the 2,798 statements of 400 varied bench searches on MariaDB 10.11 (7 a
 * search: word lookups, frontiers, the window, candidates, the page's rows and comments), one at a
 * time, node pinned to one core of a 2-core AMD EPYC VM, three rounds: 3.1-3.8 ms of the
 * process's CPU per search through MikroORM's execute, 2.6-3.3 ms sent this way. Then with
 * `npm run bench` (caches off, 100,000 recipes, 1 GiB buffer pool), two alternating pairs of
 * builds, req/s before -> after: list page 1 280/326 -> 310/347, detail 706/731 -> 761/916,
 * varied search 115/121 -> 131/145 (server CPU 6.8-7.1 -> 5.2-6.0 ms a search).
 *
 * Inside a transaction a read must use the transaction's connection (the only one that sees its
 * uncommitted rows), and MikroORM's other notations (`??`, `\?`) and values (entities, JSON) need
 * its binding: those take selectRows.
 */

/**
 * The values as mysql2 binds them on MikroORM's path (bound-parameters.ts: undefined as null; a
 * Date formatted by mysql2 in the connection's time zone, UTC), when every one is a plain value
 * and `sql` has only `?` placeholders; else undefined.
 */
export function plainMySqlValues(sql: string, params: readonly unknown[]): unknown[] | undefined {
  if (ORM_NOTATION.test(sql)) return undefined;
  const values: unknown[] = [];
  for (const value of params) {
    if (value === undefined || value === null) values.push(null);
    else if (
      value instanceof Date ||
      typeof value === 'string' ||
      typeof value === 'number' ||
      typeof value === 'bigint' ||
      typeof value === 'boolean'
    ) {
      values.push(value);
    } else return undefined;
  }
  return values;
}

export interface MySqlHotReaderOptions {
  /** mysql2's connection settings, as MikroORM's connection gives them to knex. */
  connection: PoolOptions;
  /** Connections at most (the size of MikroORM's pool). */
  size: number;
  /** How long a read waits for a pooled connection, opening one included. */
  acquireMs: number;
  /** Each statement's client-side limit; undefined: none. */
  statementMs: number | undefined;
  /**
   * Told every statement before it is sent: openDatabase passes it on as MikroORM's knex `query`
   * event, so observers of that event (tests that count a request's statements, debugging) still
   * see the hot reads.
   */
  onQuery?: (sql: string, values: unknown[]) => void;
}

/** Nothing was sent, so no connection is harmed; database-unavailable.ts reads ETIMEDOUT. */
const timedOut = (message: string) => Object.assign(new Error(message), { code: 'ETIMEDOUT' });

export class MySqlHotReader {
  readonly #pool: Pool;
  #served = 0;

  constructor(private readonly options: MySqlHotReaderOptions) {
    this.#pool = createPool({
      ...options.connection,
      connectionLimit: options.size,
      // As knex's pool (orm-options.ts): an idle connection closes after 30 s.
      idleTimeout: 30_000,
    });
  }

  /** Reads that got their rows here so far (tests and diagnostics). */
  get served(): number {
    return this.#served;
  }

  /** The rows of `sql`, its values as plainMySqlValues gives them. */
  async rows<T>(sql: string, values: unknown[]): Promise<T[]> {
    const connection = await this.#acquire();
    let healthy = true;
    try {
      const timeout = this.#statementLimit();
      this.options.onQuery?.(sql, values);
      const [rows] = await connection.query({ sql, values, timeout });
      this.#served++;
      return rows as T[];
    } catch (error) {
      // A statement past its limit is still at the head of the connection's queue: back in the
      // pool, it would stall the next read (mysql-statement-timeout.ts).
      if ((error as { code?: unknown }).code === 'PROTOCOL_SEQUENCE_TIMEOUT') healthy = false;
      throw withoutStatementValues(error, sql);
    } finally {
      if (healthy) connection.release();
      else connection.destroy();
    }
  }

  close(): Promise<void> {
    return this.#pool.end();
  }

  /** The statement limit, within what is left of the request's deadline. */
  #statementLimit(): number | undefined {
    const limit = this.options.statementMs;
    if (limit === undefined) return undefined;
    const left = requestTimeLeftMs();
    if (left === undefined) return limit;
    if (left <= 0) throw timedOut('The request has no time left for another statement.');
    return Math.min(limit, Math.ceil(left));
  }

  /** A pooled connection within the acquire wait (as knex's pool's acquireTimeoutMillis). */
  async #acquire(): Promise<PoolConnection> {
    let timer: NodeJS.Timeout | undefined;
    let gaveUp = false;
    const acquiring = this.#pool.getConnection();
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        gaveUp = true;
        reject(timedOut('No database connection was free in time.'));
      }, this.options.acquireMs);
    });
    // One that arrives after the wait was given up goes straight back.
    acquiring.then(
      (connection) => gaveUp && connection.release(),
      () => undefined,
    );
    try {
      return await Promise.race([acquiring, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
