import { JsonProperty, Utils } from '@mikro-orm/core';
import type { AbstractSqlPlatform } from '@mikro-orm/knex';

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
