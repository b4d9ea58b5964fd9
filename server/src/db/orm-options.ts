import path from 'node:path';
import type { Options } from '@mikro-orm/core';
import type { AbstractSqlDriver } from '@mikro-orm/knex';
import { MySqlOrMariaDbDriver, SqliteDriver } from './drivers.js';
import { Migrator } from '@mikro-orm/migrations';
import type { AppConfig } from '../config/config.js';
import { isUsableAfterBusy, markBusyConnections } from './sqlite-busy-connections.js';
import { cacheStatements } from './sqlite-statement-cache.js';

export type DatabaseOptions = AppConfig['database'];
export type Dialect = DatabaseOptions['kind'];

/**
 * What the database holds, handed in by whoever opens it (the composition root's app-database.ts:
 * db/ imports no module): every entity, listed explicitly, and the tables that hand-written
 * migrations make without an entity, which the schema diff must keep.
 */
export interface DatabaseSchema {
  entities: EntityClassList;
  tablesWithoutEntity: readonly (string | RegExp)[];
}

type EntityClassList = NonNullable<Options['entities']>;

/**
 * Migrations are found by globbing the folder next to this module: `src/migrations/<dialect>` when
 * this file runs as TypeScript (tsx, vitest), `dist/migrations/<dialect>` when it runs compiled.
 * We prefer that to an explicit `migrationsList` because `npm run migrations:create` then only has
 * to write the new file, with no hand-kept list that could forget one.
 */
const runningTs = import.meta.url.endsWith('.ts');
const migrationsRoot = path.resolve(import.meta.dirname, '..', 'migrations');

export function migrationsPath(dialect: Dialect): string {
  return path.join(migrationsRoot, dialect);
}

/**
 * How long the database may take before a request gives up and answers 503 with Retry-After
 * (database-unavailable.ts). `SERVING_TIMEOUTS` are the server's: a database that is away or frozen
 * costs a request at most about 1.5 s, so every answer comes within 2 s. Tools (migrations, seed,
 * create-admin, the bench's bulk seeding) open the database with `TOOL_TIMEOUTS`, which wait
 * longer and put no limit on a statement.
 */
export interface DatabaseTimeouts {
  /** Opening a TCP connection and the MySQL handshake (mysql2 `connectTimeout`). */
  connectMs: number;
  /** Waiting for a pooled connection, including opening one (knex/tarn `acquireTimeoutMillis`). */
  acquireMs: number;
  /** One statement on MySQL/MariaDB, client-side (mysql-statement-timeout.ts); undefined: none. */
  statementMs: number | undefined;
}

export const SERVING_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 1_000,
  acquireMs: 1_200,
  statementMs: 1_500,
};

export const TOOL_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 10_000,
  acquireMs: 10_000,
  statementMs: undefined,
};

/**
 * SQLite waits this long for a lock held by another process (a backup, `npm run seed` next to the
 * server) before SQLITE_BUSY, which answers 503. libsql waits on the event loop's thread, so every
 * request waits with it: keep it well under the 2 s every answer must come within.
 */
export const SQLITE_BUSY_TIMEOUT_MS = 1_000;

/** How much of the database file SQLite maps in memory (see SQLITE_PRAGMAS). */
export const SQLITE_MMAP_BYTES = 1024 * 1024 * 1024;

/** SQLite settings applied to every new connection (the pool re-opens file connections). */
const SQLITE_PRAGMAS = [
  // Readers do not block the writer and vice versa.
  'pragma journal_mode = wal',
  // Off by default in SQLite; the cascades and SET NULLs depend on it.
  'pragma foreign_keys = on',
  // Wait a little for a lock instead of failing at once with SQLITE_BUSY.
  `pragma busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`,
  // Safe with WAL and much faster than FULL.
  'pragma synchronous = normal',
  // Reads come from the file mapped in memory (shared with the read pool's connections, which set
  // it too) instead of a copy of each page into a 2 MB page cache: the bench's 100,000 recipes are
  // a 320 MB file read at random ids. Measured with the built server pinned to one core, 50
  // connections of varied requests, caches off, the machine loaded by a helper's tests (load 2-4),
  // alternating builds: server CPU per search 2.69 -> 2.50-2.55 ms, visitor mix 0.97 -> 0.93-0.94
  // ms per request; details unchanged (0.32-0.33 ms). Address space, not memory: the OS pages it.
  `pragma mmap_size = ${SQLITE_MMAP_BYTES}`,
];

interface RawSqliteConnection {
  exec(sql: string): unknown;
  prepare(sql: string): unknown;
}

/** What both dialects share: entities, discovery, the tables without entity to keep, migrations. */
function commonOptions(dialect: Dialect, schema: DatabaseSchema) {
  return {
    entities: schema.entities,
    // Both dialects store UTC; MySQL DATETIME has no zone of its own.
    forceUtcTimezone: true,
    // `Migrator.resolve` imports migration files through this: defined here, the import runs in our
    // module context, so tsx and vitest can load the .ts migrations.
    dynamicImportProvider: (id: string) => import(id),
    preferTs: runningTs,
    extensions: [Migrator],
    // Queries are logged by the app's own logger when it wants them.
    debug: false,
    allowGlobalContext: false,
    // Entity metadata is checked once at init, so a broken entity fails at boot, not mid-request.
    discovery: { warnWhenNoEntities: true, checkDuplicateTableNames: true },
    schemaGenerator: { skipTables: [...schema.tablesWithoutEntity] },
    migrations: {
      tableName: 'mikro_orm_migrations',
      path: migrationsPath(dialect),
      pathTs: migrationsPath(dialect),
      glob: '!(*.d).{js,ts}',
      // 'js' would emit CommonJS, which breaks in this ESM package.
      emit: 'ts' as const,
      // No snapshot: new migrations are diffed against a real database brought to the latest
      // migration (see src/cli/migrations.ts), so there is no JSON file to forget to commit.
      snapshot: false,
      // SQLite runs DDL inside transactions, so a failed migration rolls back whole. MySQL commits
      // every DDL statement implicitly; a transaction there would only pretend (and warn).
      transactional: dialect === 'sqlite',
      allOrNothing: dialect === 'sqlite',
      silent: true,
    },
  };
}

/** SQLite: one connection with its pragmas, statement cache and busy marks. */
function sqliteOptions(
  database: Extract<DatabaseOptions, { kind: 'sqlite' }>,
  schema: DatabaseSchema,
) {
  return {
    ...commonOptions('sqlite', schema),
    driver: SqliteDriver,
    dbName: database.path,
    // SQLite has one writer; one connection avoids SQLITE_BUSY between our own connections and is
    // required for ':memory:' (every connection would otherwise see its own empty database).
    pool: {
      min: 1,
      max: 1,
      afterCreate: (connection: RawSqliteConnection, done: (error: Error | null) => void) => {
        try {
          for (const pragma of SQLITE_PRAGMAS) connection.exec(pragma);
          cacheStatements(connection);
          markBusyConnections(connection);
          done(null);
        } catch (error) {
          done(error as Error);
        }
      },
      // A connection left with a statement stuck on a lock is replaced, not reused.
      validate: (connection: object) => isUsableAfterBusy(connection),
    },
  } as Options<AbstractSqlDriver>;
}

/**
 * MySQL/MariaDB: connections at most in MikroORM's pool, and in the hot reads' own pool
 * (mysql-hot-reader.ts).
 */
export const MYSQL_POOL_SIZE = 10;

/** mysql2's settings beyond the URL's, for MikroORM's pool and the hot reads' alike. */
export const mysqlConnectionSettings = (timeouts: DatabaseTimeouts) => ({
  connectTimeout: timeouts.connectMs,
  charset: 'utf8mb4',
});

/** MySQL/MariaDB: a pool whose waits follow `timeouts`, utf8mb4 throughout. */
function mysqlOptions(
  database: Extract<DatabaseOptions, { kind: 'mysql' }>,
  schema: DatabaseSchema,
  timeouts: DatabaseTimeouts,
) {
  return {
    ...commonOptions('mysql', schema),
    driver: MySqlOrMariaDbDriver,
    clientUrl: database.url,
    pool: {
      min: 0,
      // Costly reads (searches, list counts) may hold at most 3 of each kind at once (read-pools.ts).
      max: MYSQL_POOL_SIZE,
      idleTimeoutMillis: 30_000,
      acquireTimeoutMillis: timeouts.acquireMs,
      // A connection attempt that hangs is abandoned with the acquire, not 30 s later.
      createTimeoutMillis: timeouts.acquireMs,
    },
    driverOptions: {
      // A dead or frozen server fails requests, health checks and boot in a second or ten, not
      // after the OS TCP timeout.
      connection: mysqlConnectionSettings(timeouts),
      // Knex's config, where TimedMySqlKnexDialect reads it (mysql-statement-timeout.ts).
      statementTimeoutMs: timeouts.statementMs,
    },
    // New tables are utf8mb4 so names and recipes in any script fit.
    charset: 'utf8mb4',
  } as Options<AbstractSqlDriver>;
}

export function ormOptions(
  database: DatabaseOptions,
  schema: DatabaseSchema,
  timeouts: DatabaseTimeouts = TOOL_TIMEOUTS,
): Options<AbstractSqlDriver> {
  return database.kind === 'sqlite'
    ? sqliteOptions(database, schema)
    : mysqlOptions(database, schema, timeouts);
}
