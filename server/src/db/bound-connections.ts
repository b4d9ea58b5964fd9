import { Utils, type LogContext } from '@mikro-orm/core';
import { type AbstractSqlConnection, type AbstractSqlPlatform, type Knex } from '@mikro-orm/knex';
import { LibSqlConnection } from '@mikro-orm/libsql';
import { TimedMySqlConnection } from './mysql-statement-timeout.js';
import { bindParameters } from './bound-parameters.js';
import { withoutStatementValues } from '../errors/statement-errors.js';

type Execute = AbstractSqlConnection['execute'];
type Query = Parameters<Execute>[0];
type Method = NonNullable<Parameters<Execute>[2]>;
type Context = Parameters<Execute>[3];
type LoggerContext = Parameters<Execute>[4];

/** The protected members of AbstractSqlConnection that `execute` needs. */
interface ConnectionInternals {
  platform: AbstractSqlPlatform;
  config: { get(key: 'onQuery'): (sql: string, params: readonly unknown[]) => string };
  ensureConnection(): Promise<void>;
  getKnex(): Knex;
  executeQuery<T>(query: string, run: () => Promise<T>, context?: LogContext): Promise<T>;
  transformRawResult<T>(result: unknown, method: Method): T;
}

/**
 * AbstractSqlConnection.execute (MikroORM 6.6.16) with one change: the values are bound, not
 * formatted into the SQL (see bound-parameters.ts); a failure is rethrown without them.
 */
async function executeBound<T>(
  connection: AbstractSqlConnection,
  queryOrKnex: Query,
  params: readonly unknown[],
  method: Method,
  ctx: Context,
  loggerContext: LoggerContext,
): Promise<T> {
  const self = connection as unknown as ConnectionInternals;
  await self.ensureConnection();
  let sql: string;
  let values = params;
  if (Utils.isObject<Knex.QueryBuilder | Knex.Raw>(queryOrKnex)) {
    const builder = queryOrKnex as Knex.QueryBuilder & { client: { transacting?: boolean } };
    ctx ??= (builder.client.transacting ? builder : null) as Context;
    const compiled = builder.toSQL();
    sql = compiled.sql;
    values = compiled.bindings ?? [];
  } else {
    sql = queryOrKnex;
  }
  sql = self.config.get('onQuery')(sql, values);
  const statement =
    values.length > 0 ? bindParameters(self.platform, sql, values) : { sql, bindings: undefined };
  return self.executeQuery(
    statement.sql,
    async () => {
      const knex = self.getKnex();
      const query = statement.bindings
        ? knex.raw(statement.sql, statement.bindings as Knex.RawBinding[])
        : knex.raw(statement.sql);
      if (ctx) query.transacting(ctx as Knex.Transaction);
      try {
        return self.transformRawResult<T>(await query, method);
      } catch (error) {
        throw withoutStatementValues(error, statement.sql);
      }
    },
    { query: statement.sql, ...loggerContext },
  );
}

/** knex would otherwise format the values back into the message of a failed statement. */
const withoutCompiledSqlOnError = (options: Knex.Config): Knex.Config => ({
  ...options,
  compileSqlOnError: false,
});

export class BoundLibSqlConnection extends LibSqlConnection {
  override execute<T>(
    queryOrKnex: Query,
    params: unknown[] = [],
    method: Method = 'all',
    ctx?: Context,
    loggerContext?: LoggerContext,
  ): Promise<T> {
    return executeBound<T>(this, queryOrKnex, params, method, ctx, loggerContext);
  }

  protected override getKnexOptions(type: string): Knex.Config {
    return withoutCompiledSqlOnError(super.getKnexOptions(type));
  }
}

/** Bound values on top of the per-statement time limit of TimedMySqlConnection. */
export class BoundMySqlConnection extends TimedMySqlConnection {
  override execute<T>(
    queryOrKnex: Query,
    params: unknown[] = [],
    method: Method = 'all',
    ctx?: Context,
    loggerContext?: LoggerContext,
  ): Promise<T> {
    return executeBound<T>(this, queryOrKnex, params, method, ctx, loggerContext);
  }

  protected override getKnexOptions(type: string): Knex.Config {
    return withoutCompiledSqlOnError(super.getKnexOptions(type));
  }
}
