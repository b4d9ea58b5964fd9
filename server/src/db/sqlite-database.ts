import type { EntityManager, LockMode } from '@mikro-orm/core';
import type { AbstractSqlConnection, AbstractSqlPlatform } from '@mikro-orm/knex';
import { bindParameters } from './bound-parameters.js';
import type { Database, Orm, ReadLimitSettings } from './database.js';
import { costlyReadWaitMs } from './hot-read.js';
import type { CostlyReadKind } from './read-budget.js';
import { selectRows } from './select-rows.js';
import { plainBindings, type SqliteHotReader } from './sqlite-hot-reader.js';
import type { SqliteReadPool } from './sqlite-read-pool.js';

/** Where a SQLite database's reads run besides MikroORM's one connection (open-database.ts). */
export interface SqliteReadConnections {
  /** The read connections of the costly reads; none in memory and for tools. */
  readPool?: SqliteReadPool;
  /** The connection of the hot point reads; none in memory and for tools. */
  hotReader?: SqliteHotReader;
}

/** A SQLite database (database.ts): its reads, and SQLite's way of writing what differs. */
export class SqliteDatabase implements Database {
  readonly dialect = 'sqlite' as const;
  readonly forUpdate = '';
  readonly claimIsolation = {};
  readonly sqlReader: EntityManager;
  /** Public so tests can take a pool away or swap one they filled (read-isolation.test.ts). */
  readPool: SqliteReadPool | undefined;
  readonly hotReader: SqliteHotReader | undefined;

  constructor(
    readonly orm: Orm,
    readonly reads: ReadLimitSettings,
    connections: SqliteReadConnections = {},
  ) {
    this.sqlReader = orm.em.fork();
    this.readPool = connections.readPool;
    this.hotReader = connections.hotReader;
  }

  get sqliteFile(): string | null {
    const file = this.orm.config.get('dbName');
    return file && file !== ':memory:' ? file : null;
  }

  async hotRows<T>(em: EntityManager, sql: string, params: readonly unknown[] = []): Promise<T[]> {
    // Outside a transaction, on the hot reader (sqlite-hot-reader.ts), when the database has one.
    const reader = em.getTransactionContext() ? undefined : this.hotReader;
    const bindings = reader && plainBindings(sql, params);
    if (reader && bindings) return reader.rows<T>(sql, bindings);
    return selectRows<T>(em, sql, params);
  }

  /**
   * On the read pool when the database has one (not in memory, not inside a transaction, whose
   * uncommitted writes only its own connection sees), waiting and running each bounded by the
   * time limit and the request's deadline. The statement must do its work before its first row
   * (an aggregate, or an ORDER BY the planner sorts for): the pool steps the remaining rows on
   * the event loop.
   */
  async costlyRows<T>(
    em: EntityManager,
    kind: CostlyReadKind,
    sql: string,
    params: readonly unknown[] = [],
  ): Promise<T[]> {
    const limit = this.reads.hotReadTimeLimitMs;
    const waitMs = costlyReadWaitMs(limit);
    const pool = this.readPool;
    if (!pool || em.getTransactionContext()) return selectRows<T>(em, sql, params);
    const statement = sqliteStatement(em, sql, params);
    return pool.read<T>(kind, statement.sql, statement.bindings, { waitMs, timeLimitMs: limit });
  }

  async orderedJsonArrays(): Promise<'sqlite' | null> {
    return this.reads.orderedJsonArrays === false ? null : 'sqlite';
  }

  rowLock<Mode extends LockMode>(): { lockMode?: Mode } {
    return {};
  }

  tableByIndex(table: string, alias: string, index: string): string {
    return `\`${table}\` ${alias} indexed by \`${index}\``;
  }

  asText(column: string): string {
    return column;
  }

  pick<T>(choices: { sqlite: T }): T {
    return choices.sqlite;
  }

  async close(): Promise<void> {
    const { readPool, hotReader } = this;
    this.readPool = undefined;
    hotReader?.close();
    await readPool?.close();
    await this.orm.close(true);
  }
}

/**
 * The SQL and values exactly as the main connection would run them: MikroORM's placeholder
 * rules (bound-parameters.ts), knex's raw notation, and the values as knex's SQLite client binds
 * them (dates as epoch milliseconds, booleans as 0 and 1). A plain statement (only `?`, plain
 * values: every search and list read) is already that, without knex's builder.
 */
function sqliteStatement(em: EntityManager, sql: string, params: readonly unknown[]) {
  const plain = plainBindings(sql, params);
  if (plain) return { sql, bindings: plain };
  const bound = bindParameters(em.getPlatform() as AbstractSqlPlatform, sql, params);
  const compiled = (em.getConnection() as AbstractSqlConnection)
    .getKnex()
    .raw(bound.sql, bound.bindings as never[])
    .toSQL();
  const bindings = (compiled.bindings ?? []).map((value: unknown) => {
    if (value instanceof Date) return value.valueOf();
    if (typeof value === 'boolean') return Number(value);
    return value;
  });
  return { sql: compiled.sql, bindings };
}
