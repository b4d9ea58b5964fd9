/**
 * Migration tooling for both dialects (`npm run migrations:create -w server [name]`,
 * `npm run migrations:check -w server`).
 *
 * create: brings a throwaway database of each dialect to the latest migration and writes the next
 *   migration from the difference to the entities, so both folders come from the same entities.
 *   With --blank, a dialect whose entities did not change gets an empty migration to fill in by
 *   hand (what entities cannot say: FTS5 tables, triggers).
 *   MySQL needs MYSQL_URL (a server where we may create and drop databases); without it MySQL is
 *   skipped with a message, which `check` will then flag in CI.
 * check: applies every migration to an empty database and fails (exit 1, naming the dialect) if
 *   anything still differs from the entities. SQLite always; MySQL when MYSQL_URL is set.
 */
import { openAppDatabase } from '../app-database.js';
import type { Orm } from '../db/database.js';
import type { Dialect } from '../db/orm-options.js';
import { remainingSchemaDiff } from '../db/schema-diff.js';
import { createTemporaryDatabase } from '../db/temporary-database.js';

const mysqlUrl = process.env.MYSQL_URL?.trim() || undefined;

async function withMigratedTemporaryDatabase<T>(
  dialect: Dialect,
  purpose: string,
  work: (orm: Orm) => Promise<T>,
): Promise<T> {
  const temporary = await createTemporaryDatabase(dialect, { purpose, mysqlUrl });
  try {
    const database = await openAppDatabase(temporary.database, { migrate: true });
    try {
      return await work(database.orm);
    } finally {
      await database.close();
    }
  } finally {
    await temporary.drop();
  }
}

function dialectsToRun(command: string): Dialect[] {
  if (mysqlUrl) return ['sqlite', 'mysql'];
  console.log(`${command}: MYSQL_URL is not set, so MySQL is skipped (SQLite only).`);
  return ['sqlite'];
}

async function create(name: string | undefined, blank: boolean): Promise<number> {
  if (name !== undefined && !/^[A-Za-z0-9_]+$/.test(name)) {
    console.error('create: the migration name may only contain letters, digits and underscores');
    return 1;
  }
  for (const dialect of dialectsToRun('create')) {
    await withMigratedTemporaryDatabase(dialect, 'migrate', async (orm) => {
      const migrator = orm.getMigrator();
      let result = await migrator.createMigration(undefined, false, false, name);
      if (!result.fileName && blank)
        result = await migrator.createMigration(undefined, true, false, name);
      console.log(
        result.fileName
          ? `${dialect}: wrote ${result.fileName}`
          : `${dialect}: no changes, nothing written`,
      );
    });
  }
  return 0;
}

async function check(): Promise<number> {
  let failed = false;
  for (const dialect of dialectsToRun('check')) {
    const diff = await withMigratedTemporaryDatabase(dialect, 'check', remainingSchemaDiff);
    if (diff) {
      failed = true;
      console.error(
        `${dialect}: migrations are stale; after applying all of them the entities still need:\n${diff}\n` +
          'Run `npm run migrations:create -w server` (with MYSQL_URL set) and commit the new files.',
      );
    } else {
      console.log(`${dialect}: migrations match the entities.`);
    }
  }
  return failed ? 1 : 0;
}

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  const blank = rest.includes('--blank');
  const name = rest.find((arg) => arg !== '--blank');
  if (command === 'create') return create(name, blank);
  if (command === 'check') return check();
  console.error('usage: migrations.ts create [name] [--blank] | check');
  return 2;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
