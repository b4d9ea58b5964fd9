import { MySqlConnection, MySqlKnexDialect } from '@mikro-orm/knex';
import { requestTimeLeftMs } from './request-deadline.js';

/**
 * A client-side time limit on every MySQL/MariaDB statement (transactions' BEGIN, COMMIT and
 * ROLLBACK included). A frozen server (SIGSTOP, a stalled network, a hung storage layer) keeps a
 * connection open and never answers; without a limit every request waits for the OS TCP timeout.
 * mysql2 takes a per-query `timeout` but then only rejects the callback: the connection still has
 * the unanswered statement at the head of its queue, and back in the pool it would stall the next
 * request. So a timed-out connection is destroyed here, which also makes the server roll back a
 * transaction left open on it. knex's pool drops destroyed connections on the next acquire.
 *
 * The limit is the opener's (DatabaseTimeouts.statementMs, which orm-options.ts puts in knex's
 * config); tools open without one, and migrations run on an ORM of their own without one
 * (open-database.ts): they and the bench's bulk seeding may run long statements on purpose.
 */

interface MySql2Connection {
  destroy(): void;
  stream?: { destroy(): void };
}

interface KnexQueryObject {
  sql?: string;
  options?: Record<string, unknown>;
}

/** Nothing was sent, so the connection stays usable; database-unavailable.ts reads ETIMEDOUT. */
function requestDeadlinePassed(): Error {
  return Object.assign(new Error('The request has no time left for another statement.'), {
    code: 'ETIMEDOUT',
  });
}

class TimedMySqlKnexDialect extends MySqlKnexDialect {
  /**
   * Kept in knex's config object because a transaction runs on a copy of this client that shares
   * only a few fields with it, `config` among them (knex's makeTxClient): a field of our own would
   * leave every statement inside a transaction without a limit.
   */
  declare config: { statementTimeoutMs?: number };

  // knex's MySQL client runs every statement through `_query(connection, obj)`; `obj.options` are
  // passed to mysql2's `connection.query(options)`.
  async _query(connection: MySql2Connection, query: KnexQueryObject | string) {
    const obj: KnexQueryObject = typeof query === 'string' ? { sql: query } : query;
    let timeout = this.config.statementTimeoutMs;
    if (timeout !== undefined) {
      // Within a request, no more than what is left of its deadline (request-deadline.ts).
      const left = requestTimeLeftMs();
      if (left !== undefined) {
        if (left <= 0) throw requestDeadlinePassed();
        timeout = Math.min(timeout, Math.ceil(left));
      }
      obj.options = { ...obj.options, timeout };
    }
    try {
      return await super._query(connection, obj);
    } catch (error) {
      if ((error as { code?: unknown }).code === 'PROTOCOL_SEQUENCE_TIMEOUT') {
        connection.destroy();
        connection.stream?.destroy();
      }
      throw error;
    }
  }
}

export class TimedMySqlConnection extends MySqlConnection {
  override createKnex() {
    // Typed as taking a client name, but knex (and MikroORM's own MySqlConnection) pass the class.
    this.client = this.createKnexClient(TimedMySqlKnexDialect as unknown as string);
    this.connected = true;
  }
}
