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

interface PreparingConnection {
  prepare(sql: string): unknown;
}

export function cacheStatements(
  connection: PreparingConnection,
  size: number = STATEMENT_CACHE_SIZE,
): void {
  const prepare = connection.prepare.bind(connection);
  // A Map iterates in insertion order: re-inserting on a hit keeps the oldest first.
  const statements = new Map<string, unknown>();
  connection.prepare = (sql: string) => {
    let statement = statements.get(sql);
    if (statement === undefined) {
      statement = prepare(sql);
      if (statements.size >= size) statements.delete(statements.keys().next().value as string);
    } else {
      statements.delete(sql);
    }
    statements.set(sql, statement);
    return statement;
  };
}
