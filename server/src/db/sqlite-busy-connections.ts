/**
 * A statement that fails with SQLITE_BUSY or SQLITE_LOCKED (another process held the lock past
 * busy_timeout) is not finished: SQLite keeps it open so it could be retried, and libsql offers
 * no reset, so it stays "in progress" until garbage collection. Every later COMMIT on that
 * connection then fails ("cannot commit transaction - SQL statements in progress"), long after the
 * lock is gone. So the connection is marked (a symbol on it, so the mark goes with it) and the
 * pool's `validate` (orm-options.ts) drops it before its next use; the pool opens a fresh one.
 */
const busy = Symbol('busy');
const guarded = Symbol('busy-guarded');

interface PreparingConnection {
  prepare(sql: string): unknown;
}

type StatementMethod = (...args: unknown[]) => unknown;

/** An error of a statement refused a lock (SQLITE_BUSY or SQLITE_LOCKED, extended codes too). */
export function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)/.test(code);
}

/** Wraps `connection.prepare` so a busy or locked statement marks its connection. */
export function markBusyConnections(connection: PreparingConnection): void {
  const prepare = connection.prepare.bind(connection);
  connection.prepare = (sql: string) => {
    const statement = prepare(sql) as Record<string | symbol, unknown>;
    // Statements are cached and reused (sqlite-statement-cache.ts): wrap each one once.
    if (statement[guarded]) return statement;
    statement[guarded] = true;
    for (const name of ['all', 'run', 'get']) {
      const method = statement[name];
      if (typeof method !== 'function') continue;
      const original = (method as StatementMethod).bind(statement);
      statement[name] = (...args: unknown[]) => {
        try {
          return original(...args);
        } catch (error) {
          if (isBusy(error)) (connection as { [busy]?: true })[busy] = true;
          throw error;
        }
      };
    }
    return statement;
  };
}

/** For the pool's `validate`: false once a statement on the connection was refused a lock. */
export function isUsableAfterBusy(connection: object): boolean {
  return !(connection as { [busy]?: true })[busy];
}
