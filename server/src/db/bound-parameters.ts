import { JsonProperty, Utils, type LogContext } from '@mikro-orm/core';
import type { AbstractSqlConnection, AbstractSqlPlatform, Knex } from '@mikro-orm/knex';
import { LibSqlConnection } from '@mikro-orm/libsql';
import { withoutStatementValues } from '../errors/statement-errors.js';
import { TimedMySqlConnection } from './mysql-statement-timeout.js';

/**
 * MikroORM 6 formats every statement's values into its SQL text (`platform.formatQuery`) before
 * handing it to knex, on every path: `em.flush` inserts and updates, `em.find`, `nativeUpdate`,
 * and raw `connection.execute`. A NUL byte in a value then cut the statement short on SQLite (a
 * 500), and the SQL with its values (argon2 hashes included) travelled in error messages to
 * clients and logs. Here the same SQL keeps its placeholders and the values travel beside it as
 * bound parameters: libsql binds them natively; mysql2 receives them as the `values` of
 * `connection.query`, so neither MikroORM, knex nor our logs ever hold a statement with values.
 *
 * The placeholder rules are `formatQuery`'s: `?` is a value, `??` an identifier (quoted into the
 * text, it is a name and not a value), `\?` a literal question mark. The output is in knex `raw`
 * notation: `?` for each binding and `\?` for every literal question mark, so knex cannot mistake
 * one for the other.
 *
 * The one file of this workaround: the binding rules (bindParameters) and the two connections
 * that use them (BoundLibSqlConnection, BoundMySqlConnection, swapped in by drivers.ts), which
 * override MikroORM's `execute` through its protected members. Upstream, MikroORM inlines values
 * on purpose (mikro-orm/mikro-orm#6827 "Queries are not actually parameterized", open; #8001
 * asks for bound parameters in v7, open): when a release binds them, this file goes.
 */
export interface BoundStatement {
  sql: string;
  bindings: unknown[];
}

/**
 * MikroORM's `??` (an identifier) and `\?` (a literal question mark) notations: a statement with
 * either needs bindParameters; one without has only `?` values (the hot readers' plain path).
 */
export const ORM_NOTATION = /\?\?|\\\?/;

type ValueConverter = (value: unknown) => unknown;

/** How a value is bound: the same conversions `quoteValue` applies before it escapes a value. */
function valueConverter(platform: AbstractSqlPlatform): ValueConverter {
  // SQLite stores datetimes as epoch milliseconds (BaseSqlitePlatform.quoteValue); mysql2 formats
  // a Date itself in the connection's time zone, which MikroORM sets to UTC (forceUtcTimezone).
  const sqlite = platform.constructor.name.toLowerCase().includes('sqlite');
  return (value) => {
    if (value === undefined) return null;
    if (value instanceof Date) return sqlite ? value.getTime() : value;
    if (Utils.isPlainObject(value) || (value as Record<symbol, unknown> | null)?.[JsonProperty]) {
      return JSON.stringify(value);
    }
    return value;
  };
}

interface RawFragment {
  sql: string;
  params?: unknown[];
}

interface KnexRaw {
  toSQL(): { sql: string; bindings?: readonly unknown[] };
}

const isKnexRaw = (platform: AbstractSqlPlatform, value: unknown): value is KnexRaw =>
  platform.isRaw(value) && typeof (value as Partial<KnexRaw>).toSQL === 'function';

const literal = (text: string) => text.replace(/\?/g, '\\?');

export function bindParameters(
  platform: AbstractSqlPlatform,
  sql: string,
  params: readonly unknown[],
): BoundStatement {
  const bindings: unknown[] = [];
  const convert = valueConverter(platform);

  const placeholderFor = (value: unknown): string => {
    if (Utils.isRawSql(value)) {
      // A raw fragment (`raw('lower(?)', [x])`) is SQL by definition; its own values are bound.
      const fragment = value as RawFragment;
      return bind(fragment.sql, fragment.params ?? []);
    }
    if (isKnexRaw(platform, value)) {
      const compiled = value.toSQL();
      return bind(compiled.sql, compiled.bindings ?? []);
    }
    if (Array.isArray(value)) {
      // `in (?)` with a list, as sqlstring expands it: `a, b`, nested lists as `(a, b), (c, d)`.
      return value
        .map((item) => (Array.isArray(item) ? `(${placeholderFor(item)})` : placeholderFor(item)))
        .join(', ');
    }
    bindings.push(convert(value));
    return '?';
  };

  function bind(text: string, values: readonly unknown[]): string {
    let out = '';
    let next = 0;
    let position = 0;
    while (position < text.length) {
      const mark = text.indexOf('?', position);
      if (mark === -1) {
        out += literal(text.slice(position));
        break;
      }
      if (mark > 0 && text[mark - 1] === '\\') {
        out += literal(text.slice(position, mark - 1)) + '\\?';
        position = mark + 1;
      } else if (text[mark + 1] === '?') {
        out += literal(
          text.slice(position, mark) + platform.quoteIdentifier(String(values[next++])),
        );
        position = mark + 2;
      } else {
        out += literal(text.slice(position, mark)) + placeholderFor(values[next++]);
        position = mark + 1;
      }
    }
    return out;
  }

  return { sql: bind(sql, params), bindings };
}

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
