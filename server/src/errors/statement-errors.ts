/**
 * A failed statement's error, made safe to log: it keeps what helps to find the fault (the SQL with
 * its placeholders, the driver's code, errno and SQL state, the stack frames) and loses every value.
 *
 * Where values hide in a driver error: knex prefixes the message with the statement, formatted
 * with its values unless `compileSqlOnError: false` (set by our connections); mysql2 adds `sql`,
 * formatted with its values; MySQL/MariaDB quote values in their own messages (`Duplicate entry
 * 'a@b.c' for key 'user_email_unique'`, `Incorrect string value: '\xF0...' for column ...`), also
 * copied to `sqlMessage`; and the stack repeats the message. MikroORM's DriverException copies all
 * of these from the error it wraps, so cleaning the original cleans the wrapper too.
 */

/**
 * Single-quoted text in a driver message, unless it names a key, column, table, index or
 * constraint (MySQL quotes those names the same way as values).
 */
const QUOTED_VALUE =
  /(?<!\b(?:key|column|table|database|index|constraint|variable|function|procedure) )'(?:[^'\\]|\\.|'')*'/gi;

export const VALUE_PLACEHOLDER = "'?'";

/** A driver message with every quoted value replaced by `'?'`. */
export function withoutQuotedValues(message: string): string {
  return message.replace(QUOTED_VALUE, VALUE_PLACEHOLDER);
}

/** Properties some drivers and wrappers use for a statement's values. */
export const VALUE_PROPERTIES = ['parameters', 'params', 'bindings', 'values'];

/**
 * Cleans `error` in place (it is rethrown as is, so its class and codes still tell callers what
 * failed) and returns it. `sql` is the statement as sent, with placeholders.
 */
export function withoutStatementValues<E>(error: E, sql: string): E {
  if (typeof error !== 'object' || error === null) return error;
  const target = error as Record<string, unknown> & { message?: unknown; stack?: unknown };
  const statement = sql.replace(/\\\?/g, '?');
  if ('sql' in target) target.sql = statement;
  if (typeof target.sqlMessage === 'string')
    target.sqlMessage = withoutQuotedValues(target.sqlMessage);
  for (const key of VALUE_PROPERTIES) {
    if (key in target) delete target[key];
  }
  if (typeof target.message === 'string') {
    const message = withoutQuotedValues(target.message);
    target.message = message;
    if (typeof target.stack === 'string') {
      const frames = target.stack.split('\n').filter((line) => /^\s+at /.test(line));
      const name = typeof target.name === 'string' ? target.name : 'Error';
      target.stack = [`${name}: ${message}`, ...frames].join('\n');
    }
  }
  return error;
}
