import type { Configuration, Dictionary } from '@mikro-orm/core';
import {
  BaseSqliteSchemaHelper,
  MySqlSchemaHelper,
  type AbstractSqlConnection,
  type AbstractSqlPlatform,
  type CheckDef,
  type Column,
  type Table,
  type Transaction,
} from '@mikro-orm/knex';
import { LibSqlDriver } from '@mikro-orm/libsql';
import { MySqlDriver } from '@mikro-orm/mysql';
import { BoundLibSqlConnection, BoundMySqlConnection } from './bound-parameters.js';

/**
 * The stock drivers with two schema-introspection fixes, so that "migrations match the entities"
 * is a check we can actually run (npm run migrations:check and test/db/migrations.test.ts), and
 * connections that bind values instead of formatting them into the SQL (bound-parameters.ts);
 * the MySQL one also puts a time limit on every statement (mysql-statement-timeout.ts).
 */

/**
 * MikroORM 6.6 reads SQLite enum checks wrongly when there are more than two values (it merges
 * the middle ones) and does not read CHECK constraints at all, so every enum column and the review
 * rating check would show as a perpetual difference. This reads both from the table's SQL.
 */
class SqliteSchemaHelper extends BaseSqliteSchemaHelper {
  private async tableSql(connection: AbstractSqlConnection, tableName: string, ctx?: Transaction) {
    const row = (await connection.execute(
      'select sql from sqlite_master where type = ? and name = ?',
      ['table', tableName],
      'get',
      ctx,
    )) as { sql?: string } | undefined;
    return row?.sql ?? '';
  }

  override async getEnumDefinitions(
    connection: AbstractSqlConnection,
    _checks: CheckDef[],
    tableName: string,
    _schemaName: string,
    ctx?: Transaction,
  ): Promise<Dictionary<string[]>> {
    const sql = await this.tableSql(connection, tableName, ctx);
    const enums: Dictionary<string[]> = {};
    // `role` text check (`role` in ('Admin', 'Chef', 'User'))
    const columnCheck =
      /[`"]([^`"]+)[`"] text check \([`"][^`"]+[`"] in \(((?:\s*'(?:[^']|'')*'\s*,?)+)\)\)/gi;
    for (const match of sql.matchAll(columnCheck)) {
      const [, column, list] = match;
      if (!column || list === undefined) continue;
      enums[column] = [...list.matchAll(/'((?:[^']|'')*)'/g)].map((item) =>
        (item[1] ?? '').replace(/''/g, "'"),
      );
    }
    return enums;
  }

  override async getChecks(
    connection: AbstractSqlConnection,
    tableName: string,
    _schemaName?: string,
    _columns?: unknown,
    ctx?: Transaction,
  ): Promise<CheckDef[]> {
    const sql = await this.tableSql(connection, tableName, ctx);
    const checks: CheckDef[] = [];
    // constraint review_rating_check check (rating >= 1 and rating <= 5)
    for (const match of sql.matchAll(/constraint [`"]?(\w+)[`"]? check \(/gi)) {
      const name = match[1];
      const start = (match.index ?? 0) + match[0].length;
      let depth = 1;
      let end = start;
      while (end < sql.length && depth > 0) {
        if (sql[end] === '(') depth++;
        if (sql[end] === ')') depth--;
        end++;
      }
      const expression = sql.slice(start, end - 1);
      if (name) checks.push({ name, expression, definition: `check (${expression})` });
    }
    return checks;
  }
}

/**
 * MariaDB reports "no default" on a nullable column as the literal `NULL`, which the MySQL helper
 * then quotes for string columns (`'NULL'`), so every nullable varchar/text column looked changed
 * on MariaDB. Mapping that back to "no default" keeps one driver and one migration folder valid
 * for MySQL 8 and MariaDB. (The entities avoid string column defaults altogether for the same
 * family of quoting differences; see user.entity.ts and profile.entity.ts.)
 */
class MySqlOrMariaDbSchemaHelper extends MySqlSchemaHelper {
  override async getAllColumns(
    connection: AbstractSqlConnection,
    tables: Table[],
    ctx?: Transaction,
  ): Promise<Dictionary<Column[]>> {
    const columns = await super.getAllColumns(connection, tables, ctx);
    for (const column of Object.values(columns).flat()) {
      if (column.nullable && (column.default === 'NULL' || column.default === "'NULL'")) {
        column.default = null;
      }
    }
    return columns;
  }
}

function replaceSchemaHelper(platform: AbstractSqlPlatform, helper: object) {
  (platform as unknown as { schemaHelper: object }).schemaHelper = helper;
}

/**
 * The stock drivers take their connection class from their own constructor, so ours is swapped in
 * right after it: nothing has connected yet (MikroORM connects after creating the driver), and
 * there are no read replicas to replace.
 */
function replaceConnection(driver: object, connection: object) {
  (driver as { connection: object }).connection = connection;
}

export class SqliteDriver extends LibSqlDriver {
  constructor(config: Configuration) {
    super(config);
    replaceSchemaHelper(this.platform, new SqliteSchemaHelper(this.platform));
    replaceConnection(this, new BoundLibSqlConnection(config));
  }
}

export class MySqlOrMariaDbDriver extends MySqlDriver {
  constructor(config: Configuration) {
    super(config);
    replaceSchemaHelper(this.platform, new MySqlOrMariaDbSchemaHelper(this.platform));
    replaceConnection(this, new BoundMySqlConnection(config));
  }
}
