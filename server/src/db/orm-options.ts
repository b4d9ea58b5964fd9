import path from 'node:path';
import type { Options } from '@mikro-orm/core';
import type { AbstractSqlDriver } from '@mikro-orm/knex';
import { MySqlOrMariaDbDriver, SqliteDriver } from './drivers.js';
import { Migrator } from '@mikro-orm/migrations';
import type { AppConfig } from '../config/config.js';
import { entities } from './entities.js';
import { SEARCH_TABLE } from '../modules/recipes/recipe-search.js';
import { cacheStatements } from './sqlite-statement-cache.js';

export type DatabaseOptions = AppConfig['database'];
export type Dialect = DatabaseOptions['kind'];

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

/** SQLite settings applied to every new connection (the pool re-opens file connections). */
const SQLITE_PRAGMAS = [
  // Readers do not block the writer and vice versa.
  'pragma journal_mode = wal',
  // Off by default in SQLite; the cascades and SET NULLs depend on it.
  'pragma foreign_keys = on',
  // Wait for a lock instead of failing at once with SQLITE_BUSY.
  'pragma busy_timeout = 5000',
  // Safe with WAL and much faster than FULL.
  'pragma synchronous = normal',
];

interface RawSqliteConnection {
  exec(sql: string): unknown;
  prepare(sql: string): unknown;
}

export function ormOptions(database: DatabaseOptions): Options<AbstractSqlDriver> {
  const common = {
    entities,
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
    schemaGenerator: {
      // SQLite's full-text index: the FTS5 table and the shadow tables FTS5 creates for it. They
      // come from a hand-written migration (no entity), so the schema diff must not drop them.
      skipTables: [SEARCH_TABLE, new RegExp(`^${SEARCH_TABLE}_(data|idx|content|docsize|config)$`)],
    },
    migrations: {
      tableName: 'mikro_orm_migrations',
      path: migrationsPath(database.kind),
      pathTs: migrationsPath(database.kind),
      glob: '!(*.d).{js,ts}',
      // 'js' would emit CommonJS, which breaks in this ESM package.
      emit: 'ts' as const,
      // No snapshot: new migrations are diffed against a real database brought to the latest
      // migration (see src/cli/migrations.ts), so there is no JSON file to forget to commit.
      snapshot: false,
      // SQLite runs DDL inside transactions, so a failed migration rolls back whole. MySQL commits
      // every DDL statement implicitly; a transaction there would only pretend (and warn).
      transactional: database.kind === 'sqlite',
      allOrNothing: database.kind === 'sqlite',
      silent: true,
    },
  };

  if (database.kind === 'sqlite') {
    return {
      ...common,
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
            done(null);
          } catch (error) {
            done(error as Error);
          }
        },
      },
    } as Options<AbstractSqlDriver>;
  }

  return {
    ...common,
    driver: MySqlOrMariaDbDriver,
    clientUrl: database.url,
    pool: { min: 0, max: 10, idleTimeoutMillis: 30_000, acquireTimeoutMillis: 10_000 },
    driverOptions: {
      // A dead server fails health checks and boot in seconds, not after the OS TCP timeout.
      connection: { connectTimeout: 10_000, charset: 'utf8mb4' },
    },
    // New tables are utf8mb4 so names and recipes in any script fit.
    charset: 'utf8mb4',
  } as Options<AbstractSqlDriver>;
}
