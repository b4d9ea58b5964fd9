import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MikroORM } from '@mikro-orm/core';
import type { AbstractSqlDriver } from '@mikro-orm/knex';
import { ormOptions, type DatabaseOptions, type Dialect } from './orm-options.js';

/**
 * Throwaway databases for the migration tooling and the tests: a file in a temp folder for SQLite,
 * `recipehub_<purpose>_<random>` on the given server for MySQL. `drop()` removes it again.
 */
export interface TemporaryDatabase {
  database: DatabaseOptions;
  drop(): Promise<void>;
}

export async function createTemporaryDatabase(
  dialect: Dialect,
  options: { purpose: string; mysqlUrl?: string | undefined },
): Promise<TemporaryDatabase> {
  if (dialect === 'sqlite') {
    const dir = await mkdtemp(path.join(os.tmpdir(), `recipehub-${options.purpose}-`));
    return {
      database: { kind: 'sqlite', path: path.join(dir, 'db.sqlite') },
      drop: () => rm(dir, { recursive: true, force: true }),
    };
  }
  if (!options.mysqlUrl) throw new Error('A MySQL URL is needed for a temporary MySQL database');
  const name = `recipehub_${options.purpose}_${randomBytes(4).toString('hex')}`;
  // Names are generated above from [a-z0-9_] only, so interpolating them into DDL is safe.
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Unsafe database name ${name}`);
  await onServer(
    options.mysqlUrl,
    `create database \`${name}\` character set utf8mb4 collate utf8mb4_unicode_ci`,
  );
  const url = new URL(options.mysqlUrl);
  url.pathname = `/${name}`;
  return {
    database: { kind: 'mysql', url: url.toString() },
    drop: () => onServer(options.mysqlUrl as string, `drop database if exists \`${name}\``),
  };
}

/** Runs one statement on the server behind `url` (whatever database it names must exist). */
async function onServer(url: string, sql: string): Promise<void> {
  // No entities: the statement creates or drops a whole database.
  const options = ormOptions({ kind: 'mysql', url }, { entities: [], tablesWithoutEntity: [] });
  const orm = await MikroORM.init<AbstractSqlDriver>({
    ...options,
    discovery: { warnWhenNoEntities: false },
    pool: { min: 0, max: 1 },
  });
  try {
    await orm.em.getConnection().execute(sql);
  } finally {
    await orm.close(true);
  }
}
