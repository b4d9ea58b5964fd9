import Database from 'libsql';
import { SQLITE_MMAP_BYTES } from './orm-options.js';
import { isBusy } from './sqlite-busy-connections.js';
import { PreparedStatements } from './sqlite-statement-cache.js';
import { ORM_NOTATION } from './bound-parameters.js';

/**
 * SQLite: the connection the hot point reads run on (hotRows of sqlite-database.ts: page
 * 1's rows, a detail, trending, a session's look-up), outside any transaction. Like MikroORM's
 * connection it is libsql's synchronous API on the event loop, so a read costs what its SQLite
 * work costs; what it leaves out is the way there:
 *
 * - MikroORM, knex and the pool around every statement (placeholder binding, knex's raw builder
 *   and `toSQL`, the pool's acquire and release, the result transform): 19-22 µs a statement
 *   against 5-6 µs for the same prepared statement called here (a primary-key read on the bench
 *   data, 20,000 in a row, one pinned core).
 * - Waiting behind a write: the pool has one connection, which a write transaction holds from
 *   BEGIN to COMMIT across its awaits, so every read queued behind each save, reaction or
 *   comment. WAL lets this connection read the last commit while the writer works.
 *
 * Each statement runs in autocommit, so it reads the latest commit (a write committed on the main
 * connection is visible to the next read here). Inside a transaction, hotRows keeps using the
 * transaction's connection, the only one that sees its uncommitted rows.
 */
interface Statement {
  all(bindings: unknown[]): unknown[];
}
interface Connection {
  prepare(sql: string): Statement;
  exec(sql: string): unknown;
  close(): void;
}

/** Prepared statements kept, as sqlite-statement-cache.ts keeps them for the main connection. */
const STATEMENT_CACHE_SIZE = 200;

/**
 * The values of `sql` as libsql binds them, the way knex's SQLite client would (bound-parameters.ts:
 * dates as epoch milliseconds, booleans as 0 and 1, undefined as null), when `sql` has only `?`
 * placeholders and every value is a plain one; else undefined, and the statement takes MikroORM's
 * path, which knows the other notations and values.
 */
export function plainBindings(sql: string, params: readonly unknown[]): unknown[] | undefined {
  if (ORM_NOTATION.test(sql)) return undefined;
  const bindings: unknown[] = [];
  for (const value of params) {
    if (value === undefined || value === null) bindings.push(null);
    else if (value instanceof Date) bindings.push(value.getTime());
    else if (typeof value === 'boolean') bindings.push(Number(value));
    else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') {
      bindings.push(value);
    } else return undefined;
  }
  return bindings;
}

export class SqliteHotReader {
  #connection: Connection | undefined;
  readonly #statements = new PreparedStatements<Statement>(STATEMENT_CACHE_SIZE);
  #served = 0;

  constructor(
    private readonly path: string,
    private readonly busyTimeoutMs: number,
  ) {}

  /** Reads that got their rows here so far (tests and diagnostics). */
  get served(): number {
    return this.#served;
  }

  /** The rows of `sql`, its values as plainBindings gives them. */
  rows<T>(sql: string, bindings: unknown[]): T[] {
    try {
      const rows = this.#prepared(sql).all(bindings) as T[];
      this.#served++;
      return rows;
    } catch (error) {
      // A statement refused a lock stays unfinished (libsql has no reset, see
      // sqlite-busy-connections.ts): start afresh with a new connection on the next read.
      if (isBusy(error)) this.close();
      throw error;
    }
  }

  close(): void {
    this.#statements.clear();
    this.#connection?.close();
    this.#connection = undefined;
  }

  #open(): Connection {
    const connection = new Database(this.path) as unknown as Connection;
    try {
      // A reader never writes, whatever SQL it is handed.
      connection.exec('pragma query_only = on');
      connection.exec(`pragma busy_timeout = ${Math.round(this.busyTimeoutMs)}`);
      // As the main connection (orm-options.ts): pages read from the mapped file, not copied.
      connection.exec(`pragma mmap_size = ${SQLITE_MMAP_BYTES}`);
    } catch (error) {
      connection.close();
      throw error;
    }
    return connection;
  }

  #prepared(sql: string): Statement {
    let statement = this.#statements.take(sql);
    if (statement === undefined) {
      this.#connection ??= this.#open();
      statement = this.#connection.prepare(sql);
      this.#statements.keep(sql, statement);
    }
    return statement;
  }
}
