import { ConnectionException, LockWaitTimeoutException, ReadOnlyException } from '@mikro-orm/core';
import { AppError } from '../errors/app-error.js';

/**
 * The one place that decides whether an error means "the database is not there right now" (down,
 * frozen, overloaded, locked, read-only) rather than a bug. Such errors become a 503 with
 * Retry-After on REST (http/error-handler.ts, http/account-envelope.ts) and SERVICE_UNAVAILABLE on
 * tRPC (trpc/trpc.ts); everything else stays a masked 500. The client never sees the driver's text.
 */
export const DATABASE_UNAVAILABLE_DETAIL =
  'The service is temporarily unavailable. Please try again shortly.';

/** A database that is away usually comes back within seconds (a restart, a failover). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Socket and driver codes for a connection that was refused, reset, lost or timed out. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // mysql2: the server closed the connection, or a statement passed its time limit
  // (drivers.ts sets that limit and destroys the connection it was stuck on).
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'PROTOCOL_ENQUEUE_AFTER_FATAL_ERROR',
  'PROTOCOL_ENQUEUE_AFTER_QUIT',
  'PROTOCOL_ENQUEUE_AFTER_DESTROY',
  'PROTOCOL_ENQUEUE_HANDSHAKE_TWICE',
]);

/**
 * MySQL/MariaDB server errors: too many connections (1040, 1203), server shutting down (1053),
 * lock wait timeout (1205), read-only server (1290, 1792, 1836), connection killed (1927), the
 * client-side "server has gone away" and "lost connection" (2002, 2003, 2006, 2013) and MySQL's
 * idle disconnect (4031).
 */
const UNAVAILABLE_ERRNOS = new Set([
  1040, 1053, 1203, 1205, 1290, 1792, 1836, 1927, 2002, 2003, 2006, 2013, 4031,
]);

/**
 * SQLite (libsql) result codes (extended codes start with the primary one): another process holds
 * the lock past busy_timeout (BUSY, LOCKED), the file is read-only or cannot be opened or written
 * (READONLY, CANTOPEN, IOERR, PERM), or its disk is full (FULL).
 */
const UNAVAILABLE_SQLITE_CODES =
  /^SQLITE_(BUSY|LOCKED|READONLY|CANTOPEN|IOERR|PERM|FULL)(_[A-Z_]+)?$/;

function isUnavailable(error: unknown): boolean {
  if (
    error instanceof ConnectionException ||
    error instanceof LockWaitTimeoutException ||
    error instanceof ReadOnlyException
  ) {
    return true;
  }
  const { name, code, errno, message, fatal } = error as {
    name?: unknown;
    code?: unknown;
    errno?: unknown;
    message?: unknown;
    fatal?: unknown;
  };
  // knex's pool could not hand out a connection in time (all busy, or none could be opened).
  if (name === 'KnexTimeoutError') return true;
  if (
    typeof code === 'string' &&
    (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_SQLITE_CODES.test(code))
  )
    return true;
  if (typeof errno === 'number' && UNAVAILABLE_ERRNOS.has(errno)) return true;
  // knex's answer to a statement sent on a transaction that already ended. Seen when the
  // connection under a transaction was lost or destroyed by the statement time limit
  // (mysql-statement-timeout.ts): knex ends the transaction, and the use case's next statement, or
  // MikroORM's rollback, gets this instead of the fault (6 % of tRPC comment writes in
  // test/faults/ on a loaded machine). It carries no code, so its text is all there is to go on.
  if (typeof message === 'string' && message.startsWith('Transaction query already complete')) {
    return true;
  }
  // mysql2 gives no code when a statement is sent on a connection it already closed after a fault.
  return (
    fatal === true &&
    typeof message === 'string' &&
    message.includes("Can't add new command when connection is in closed state")
  );
}

/**
 * What the log records about a database fault: the error's name, code and number, never its
 * message or `sql` (drivers put the statement, values included, in both).
 */
export function databaseFaultSummary(error: unknown): {
  name?: unknown;
  code?: unknown;
  errno?: unknown;
} {
  const { name, code, errno } = (error ?? {}) as {
    name?: unknown;
    code?: unknown;
    errno?: unknown;
  };
  return { name, code, errno };
}

/**
 * The SERVICE_UNAVAILABLE AppError for a database fault anywhere in `error`'s cause chain (tRPC
 * and MikroORM wrap the driver's error), or undefined when the error is something else.
 */
export function databaseUnavailable(error: unknown): AppError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    if (current instanceof AppError) return undefined;
    if (isUnavailable(current)) {
      return new AppError('SERVICE_UNAVAILABLE', DATABASE_UNAVAILABLE_DETAIL, undefined, {
        retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
      });
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
