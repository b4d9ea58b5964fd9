import type { EntityManager } from '@mikro-orm/core';
import type { AbstractSqlConnection } from '@mikro-orm/knex';
import { withoutStatementValues } from '../errors/statement-errors.js';
import { ORM_NOTATION } from './bound-parameters.js';

/**
 * MySQL/MariaDB: the hot reads (hotRows in db/hot-read.ts) go straight to a connection
 * of knex's pool, as db/sqlite-hot-reader.ts does on SQLite. What they leave out is the way there:
 * MikroORM's execute (its onQuery hook and its logger's wrapper), bound-parameters.ts's
 * placeholder rewrite, knex's raw builder, `toSQL` and runner, and the promises of each. What they
 * keep is the pool (its size, its acquire timeout) and knex's dialect `_query`, which is
 * mysql-statement-timeout.ts's: the client-side time limit within the request's deadline, and a
 * timed-out connection destroyed. Observers of knex's `query` event still see every statement.
 *
 * Measured by replaying the 2,798 statements of 400 varied bench searches on MariaDB 10.11 (7 a
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

/** What is used of knex's MySQL client (knex/lib/client.js, dialects/mysql/index.js). */
interface KnexMySqlClient {
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<void>;
  _query(
    connection: unknown,
    query: { sql: string; bindings: unknown[] },
  ): Promise<{ response: [unknown, unknown] }>;
  emit(event: 'query', data: { sql: string; bindings: unknown[] }): boolean;
}

const clientOf = (em: EntityManager) =>
  (em.getConnection() as AbstractSqlConnection).getKnex().client as unknown as KnexMySqlClient;

/**
 * The rows of `sql` on a pooled connection, or undefined when the read must take MikroORM's path
 * (a transaction, other notations or values; see the top of this file).
 */
export async function mysqlHotRows<T>(
  em: EntityManager,
  sql: string,
  params: readonly unknown[],
): Promise<T[] | undefined> {
  if (em.getTransactionContext()) return undefined;
  const values = plainMySqlValues(sql, params);
  if (!values) return undefined;
  const client = clientOf(em);
  const connection = await client.acquireConnection();
  try {
    client.emit('query', { sql, bindings: values });
    const { response } = await client._query(connection, { sql, bindings: values });
    return response[0] as T[];
  } catch (error) {
    throw withoutStatementValues(error, sql);
  } finally {
    await client.releaseConnection(connection);
  }
}
