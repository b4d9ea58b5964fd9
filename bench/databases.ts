import { existsSync, readdirSync } from 'node:fs';
import { constants } from 'node:fs';
import { copyFile, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Orm } from '../server/src/db/database.js';
import { openAppDatabase } from '../server/src/app-database.js';
import type { DatabaseOptions, Dialect } from '../server/src/db/orm-options.js';
import { mergeSearchIndexes } from '../server/src/modules/recipes/search/search-index-upkeep.js';
import { GENERATOR_VERSION } from './dataset.js';
import { benchDataDir, repoRoot, scratchDir } from './paths.js';
import { datasetSize, seedBenchDatabase, type DatasetSize } from './seed.js';

/** A seeded database, described, ready to be measured. */
export interface PreparedDatabase {
  label: 'SQLite' | 'MySQL';
  title: string;
  dialect: Dialect;
  options: DatabaseOptions;
  latestMigration: string;
  dataset: DatasetSize;
  fileSizeBytes?: number;
  seedSeconds: number | null;
}

type Log = (line?: string) => void;

export function latestMigration(dialect: Dialect): string {
  // Read from the source tree: the built server carries the same files under dist/.
  const dir = path.join(repoRoot, 'server', 'src', 'migrations', dialect);
  const names = readdirSync(dir)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
    .map((name) => name.replace(/\.ts$/, ''));
  return names.sort().at(-1) ?? 'none';
}

async function describe(orm: Orm): Promise<{ dataset: DatasetSize }> {
  return { dataset: await datasetSize(orm) };
}

/** Seeds (or reuses) the cached SQLite file for this generator version, migration and size. */
async function cachedSqliteFile(recipes: number, reseed: boolean, log: Log) {
  const key = `${recipes}-${GENERATOR_VERSION}-${latestMigration('sqlite')}`;
  const file = path.join(benchDataDir, `sqlite-${key}.db`);
  if (existsSync(file) && !reseed) {
    log(`SQLite: reusing ${path.relative(repoRoot, file)} (--reseed to rebuild)`);
    return { file, seedSeconds: null };
  }
  const partial = `${file}.partial`;
  for (const suffix of ['', '-wal', '-shm']) await rm(`${partial}${suffix}`, { force: true });
  log(`SQLite: seeding ${path.relative(repoRoot, file)}`);
  const started = Date.now();
  const database = await openAppDatabase({ kind: 'sqlite', path: partial }, { migrate: true });
  const orm = database.orm;
  try {
    await seedBenchDatabase(database, 'sqlite', recipes, log);
    // The search indexes as the server's upkeep keeps them (search-index-upkeep.ts), not as
    // the seed's batches left them: the server would merge them during the first phases.
    const merged = await mergeSearchIndexes(partial, { busyTimeoutMs: 1_000, pauseMs: 0 });
    log(`SQLite: search indexes merged (${merged.steps} steps)`);
    await orm.em.getConnection().execute('pragma wal_checkpoint(truncate)', [], 'all');
  } finally {
    await database.close();
  }
  // Only a complete file gets the cache name; stale ones of this size go (each is ~300 MB).
  for (const name of await readdir(benchDataDir)) {
    if (name.startsWith(`sqlite-${recipes}-`) && !name.startsWith(path.basename(partial))) {
      await rm(path.join(benchDataDir, name), { force: true });
    }
  }
  await rename(partial, file);
  for (const suffix of ['-wal', '-shm']) await rm(`${partial}${suffix}`, { force: true });
  return { file, seedSeconds: (Date.now() - started) / 1000 };
}

/** SQLite: the cached file, described through the same ORM the server uses. */
export async function prepareSqlite(
  recipes: number,
  reseed: boolean,
  log: Log,
): Promise<PreparedDatabase> {
  const sqlite = await cachedSqliteFile(recipes, reseed, log);
  const options: DatabaseOptions = { kind: 'sqlite', path: sqlite.file };
  const database = await openAppDatabase(options, { migrate: true });
  const orm = database.orm;
  const described = await describe(orm).finally(async () => {
    // Everything in the main file: each server gets a copy of that file alone.
    await orm.em.getConnection().execute('pragma wal_checkpoint(truncate)', [], 'all');
    await database.close();
  });
  return {
    label: 'SQLite',
    title: 'SQLite (libsql, WAL)',
    dialect: 'sqlite',
    options,
    latestMigration: latestMigration('sqlite'),
    ...described,
    fileSizeBytes: (await stat(sqlite.file)).size,
    seedSeconds: sqlite.seedSeconds,
  };
}

/**
 * A private copy of the cached SQLite file for one server: the write phase adds comments,
 * reactions, saves and sessions, which must not reach the cached data set (or the next mode).
 * A copy-on-write clone where the file system offers one, a plain copy elsewhere.
 */
export async function sqliteWorkingCopy(database: PreparedDatabase, name: string) {
  if (database.options.kind !== 'sqlite')
    return { options: database.options, remove: async () => {} };
  const file = path.join(scratchDir, `${name}.db`);
  await copyFile(database.options.path, file, constants.COPYFILE_FICLONE);
  return {
    options: { kind: 'sqlite', path: file } satisfies DatabaseOptions,
    remove: async () => {
      for (const suffix of ['', '-wal', '-shm']) await rm(`${file}${suffix}`, { force: true });
    },
  };
}

/** Version and buffer pool of the server behind `orm`, for the run's title. */
async function mysqlVersion(orm: Orm): Promise<string> {
  const rows = await orm.em
    .getConnection()
    .execute<{ v: string; pool: number | string }[]>(
      'select version() as `v`, @@innodb_buffer_pool_size as `pool`',
      [],
      'all',
    );
  // The buffer pool decides whether the recipes and their full-text index stay in memory.
  const pool = Math.round(Number(rows[0]?.pool ?? 0) / 2 ** 20);
  return `${rows[0]?.v ?? 'unknown'}, InnoDB buffer pool ${pool} MiB`;
}

/** Seeds `database` unless `seed` is false, then describes it. */
async function describedMysql(
  database: DatabaseOptions,
  recipes: number,
  seed: boolean,
  log: Log,
): Promise<PreparedDatabase> {
  const started = Date.now();
  const opened = await openAppDatabase(database, { migrate: true });
  const orm = opened.orm;
  let version: string;
  let described: { dataset: DatasetSize };
  try {
    if (seed) await seedBenchDatabase(opened, 'mysql', recipes, log);
    described = await describe(orm);
    version = await mysqlVersion(orm);
  } finally {
    await opened.close();
  }
  return {
    label: 'MySQL',
    title: `MySQL/MariaDB ${version}`,
    dialect: 'mysql',
    options: database,
    latestMigration: latestMigration('mysql'),
    ...described,
    seedSeconds: seed ? (Date.now() - started) / 1000 : null,
  };
}

/** MySQL/MariaDB: a throwaway database (the caller drops it), seeded and described. */
export async function prepareMysql(
  database: DatabaseOptions,
  recipes: number,
  log: Log,
): Promise<PreparedDatabase> {
  const name = database.kind === 'mysql' ? new URL(database.url).pathname.slice(1) : '?';
  log(`MySQL/MariaDB: seeding throwaway database ${name} (dropped at the end)`);
  return describedMysql(database, recipes, true, log);
}

/** Created in a kept database once its seeding finished (an interrupted seed has none). */
const SEEDED_MARK = 'bench_seeded';

/**
 * `--keep-mysql`: the data set in a database that outlives the run, named after its size,
 * generator and latest migration, seeded only when it is missing or its seeding never finished
 * (seeding takes several minutes; MySQL databases cannot be copied cheaply). Each run's write
 * phases leave their comments, reactions, saves and sessions in it, so its numbers are a
 * development run's, never one for bench/results/ (settings.ts). Drop it with `drop database <name>`.
 */
export async function prepareKeptMysql(
  mysqlUrl: string,
  recipes: number,
  log: Log,
): Promise<PreparedDatabase> {
  const migration = latestMigration('mysql').replace(/^Migration(\d+).*$/, '$1');
  const name = `recipehub_bench_kept_${recipes}_${GENERATOR_VERSION}_${migration}`.toLowerCase();
  // Built from digits, [a-z0-9] and underscores only, so interpolating it into DDL is safe.
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Unsafe database name ${name}`);
  const serverDatabase = await openAppDatabase(
    { kind: 'mysql', url: mysqlUrl },
    { migrate: false },
  );
  const server = serverDatabase.orm;
  let seeded: boolean;
  try {
    const connection = server.em.getConnection();
    const marks = await connection.execute<{ n: number | string }[]>(
      'select count(*) as `n` from information_schema.tables where table_schema = ? and table_name = ?',
      [name, SEEDED_MARK],
      'all',
    );
    seeded = Number(marks[0]?.n ?? 0) > 0;
    if (!seeded) {
      await connection.execute(`drop database if exists \`${name}\``);
      await connection.execute(
        `create database \`${name}\` character set utf8mb4 collate utf8mb4_unicode_ci`,
      );
    }
  } finally {
    await serverDatabase.close();
  }
  const url = new URL(mysqlUrl);
  url.pathname = `/${name}`;
  const database: DatabaseOptions = { kind: 'mysql', url: url.toString() };
  log(
    seeded
      ? `MySQL/MariaDB: reusing the kept database ${name} (--keep-mysql: a development run)`
      : `MySQL/MariaDB: seeding the kept database ${name} (--keep-mysql: kept for later runs)`,
  );
  const prepared = await describedMysql(database, recipes, !seeded, log);
  if (!seeded) {
    const opened = await openAppDatabase(database, { migrate: false });
    try {
      await opened.orm.em
        .getConnection()
        .execute(`create table \`${SEEDED_MARK}\` (\`at\` datetime)`);
    } finally {
      await opened.close();
    }
  }
  return prepared;
}
