import type { MikroORM } from '@mikro-orm/core';
import type { AbstractSqlDriver } from '@mikro-orm/knex';

/**
 * The SQL it would take to bring this database to the entities' schema; empty when the applied
 * migrations and the entities agree. Used by `migrations check` and the tests.
 */
export async function remainingSchemaDiff(orm: MikroORM<AbstractSqlDriver>): Promise<string> {
  const sql = await orm.schema.getUpdateSchemaSQL({ wrap: false, safe: false, dropTables: true });
  return sql.trim();
}
