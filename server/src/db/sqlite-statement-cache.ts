/**
 * Knex's SQLite dialect prepares every statement afresh, and on the hot reads preparing was about
 * 15 % of the server's time (a CPU profile of list page 1 under load, `npm run bench`'s data set):
 * SQLite parses and plans a join each time. The hot reads repeat a handful of SQL texts, so each
 * raw connection keeps its prepared statements by text, the least recently used dropped past
 * STATEMENT_CACHE_SIZE.
 *
 * Reusing a libsql statement is safe here because knex runs each one to the end at once (`all` or
 * `run`, synchronously): no two uses overlap, a finished statement holds no read transaction,
 * libsql resets it before binding new parameters, and SQLite re-prepares it by itself after a
 * schema change (test/db/sqlite-statement-cache.test.ts checks all of these).
 */
export const STATEMENT_CACHE_SIZE = 200;

/**
 * Prepared statements by SQL text, at most `size`, the least recently used dropped first: the
 * main connection's (below), the hot reader's and each read-pool connection's.
 */
export class PreparedStatements<S> {
  // A Map iterates in insertion order: re-inserting on a hit keeps the oldest first.
  readonly #statements = new Map<string, S>();
  constructor(private readonly size: number) {}

  /** The statement kept for `sql`, now the most recently used; undefined if none. */
  take(sql: string): S | undefined {
    const statement = this.#statements.get(sql);
    if (statement !== undefined) {
      this.#statements.delete(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  /** Keeps a statement just prepared for `sql`, dropping the least recently used past the size. */
  keep(sql: string, statement: S): void {
    if (!this.#statements.has(sql) && this.#statements.size >= this.size) {
      this.#statements.delete(this.#statements.keys().next().value as string);
    }
    this.#statements.set(sql, statement);
  }

  clear(): void {
    this.#statements.clear();
  }
}

interface PreparingConnection {
  prepare(sql: string): unknown;
}

export function cacheStatements(
  connection: PreparingConnection,
  size: number = STATEMENT_CACHE_SIZE,
): void {
  const prepare = connection.prepare.bind(connection);
  const statements = new PreparedStatements<unknown>(size);
  connection.prepare = (sql: string) => {
    let statement = statements.take(sql);
    if (statement === undefined) {
      statement = prepare(sql);
      statements.keep(sql, statement);
    }
    return statement;
  };
}
