import type { Orm } from '../../src/db/database.js';
import type { Dialect } from '../../src/db/orm-options.js';
import { SEARCH_TABLE } from '../../src/modules/recipes/search/search-tables.js';

type Row = Record<string, unknown>;

/**
 * A dialect-neutral description of the schema: one sorted line per table, column (with
 * nullability), primary key, index (name, columns in order, uniqueness) and foreign key (with its
 * delete rule). Two databases with equal listings have the same structure, whatever their types.
 */
export async function listSchema(orm: Orm, dialect: Dialect): Promise<string[]> {
  const connection = orm.em.getConnection();
  const query = (sql: string, params: unknown[] = []) =>
    connection.execute(sql, params) as Promise<Row[]>;
  const lines: string[] = [];
  const rule = (value: unknown) => {
    const text = String(value).toLowerCase();
    // MySQL reports RESTRICT where SQLite says NO ACTION; for InnoDB they are the same thing.
    return text === 'restrict' ? 'no action' : text;
  };

  if (dialect === 'sqlite') {
    // The search indexes differ by design (FTS5 tables + shadow tables here, word tables on MySQL,
    // all named recipe_search...) and are left out on both sides; test/recipes/search*.test.ts
    // cover what they do.
    const tables = await query(
      `select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name <> ? and name not like ? escape '!'`,
      [SEARCH_TABLE, `${SEARCH_TABLE}!_%`],
    );
    for (const { name } of tables) {
      const table = String(name);
      lines.push(`table ${table}`);
      const columns = await query(`pragma table_info(\`${table}\`)`);
      for (const column of columns)
        lines.push(`column ${table}.${column.name} ${column.notnull ? 'not null' : 'null'}`);
      const pk = columns
        .filter((c) => Number(c.pk) > 0)
        .sort((a, b) => Number(a.pk) - Number(b.pk));
      lines.push(`primary key ${table} (${pk.map((c) => c.name).join(', ')})`);
      for (const index of await query(`pragma index_list(\`${table}\`)`)) {
        if (index.origin === 'pk') continue;
        const parts = await query(`pragma index_info(\`${String(index.name)}\`)`);
        const cols = parts.sort((a, b) => Number(a.seqno) - Number(b.seqno)).map((p) => p.name);
        lines.push(
          `index ${table}.${index.name} (${cols.join(', ')})${index.unique ? ' unique' : ''}`,
        );
      }
      for (const fk of await query(`pragma foreign_key_list(\`${table}\`)`)) {
        lines.push(
          `foreign key ${table}.${fk.from} -> ${fk.table}.${fk.to} on delete ${rule(fk.on_delete)}`,
        );
      }
    }
  } else {
    const searchTable = (table: unknown) => String(table).startsWith(`${SEARCH_TABLE}_`);
    const tables = await query(
      `select table_name as name from information_schema.tables where table_schema = database() and table_type = 'BASE TABLE'`,
    );
    for (const { name } of tables) if (!searchTable(name)) lines.push(`table ${name}`);
    const columns = await query(
      `select table_name as t, column_name as c, is_nullable as n from information_schema.columns where table_schema = database()`,
    );
    for (const column of columns.filter((row) => !searchTable(row.t)))
      lines.push(`column ${column.t}.${column.c} ${column.n === 'YES' ? 'null' : 'not null'}`);
    const indexes = await query(
      `select table_name as t, index_name as i, non_unique as nu, column_name as c from information_schema.statistics
       where table_schema = database() and index_type <> 'FULLTEXT' order by table_name, index_name, seq_in_index`,
    );
    const grouped = new Map<
      string,
      { table: string; name: string; unique: boolean; columns: string[] }
    >();
    for (const row of indexes.filter((index) => !searchTable(index.t))) {
      const key = `${row.t}.${row.i}`;
      const entry = grouped.get(key) ?? {
        table: String(row.t),
        name: String(row.i),
        unique: Number(row.nu) === 0,
        columns: [],
      };
      entry.columns.push(String(row.c));
      grouped.set(key, entry);
    }
    for (const index of grouped.values()) {
      lines.push(
        index.name === 'PRIMARY'
          ? `primary key ${index.table} (${index.columns.join(', ')})`
          : `index ${index.table}.${index.name} (${index.columns.join(', ')})${index.unique ? ' unique' : ''}`,
      );
    }
    const fks = await query(
      `select k.table_name as t, k.column_name as c, k.referenced_table_name as rt, k.referenced_column_name as rc, r.delete_rule as d
       from information_schema.key_column_usage k
       join information_schema.referential_constraints r
         on r.constraint_schema = k.constraint_schema and r.constraint_name = k.constraint_name
       where k.table_schema = database() and k.referenced_table_name is not null`,
    );
    for (const fk of fks.filter((row) => !searchTable(row.t)))
      lines.push(`foreign key ${fk.t}.${fk.c} -> ${fk.rt}.${fk.rc} on delete ${rule(fk.d)}`);
  }
  return lines.sort();
}
