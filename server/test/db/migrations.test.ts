import { readdir } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { openAppDatabase } from '../../src/app-database.js';
import { migrationsPath } from '../../src/db/orm-options.js';
import { remainingSchemaDiff } from '../../src/db/schema-diff.js';
import { listSchema } from '../support/schema-listing.js';
import { forEachDatabase, freshDatabase, mysqlUrl } from '../support/test-database.js';

describe('migrations', () => {
  forEachDatabase(({ orm, dialect }) => {
    it('bring an empty database to exactly the schema of the entities', async () => {
      expect(await remainingSchemaDiff(orm())).toBe('');
    });

    it('are all recorded as applied, one per file', async () => {
      const files = (await readdir(migrationsPath(dialect))).filter((file) =>
        /\.(ts|js)$/.test(file),
      );
      const executed = await orm().getMigrator().getExecutedMigrations();
      expect(files.length).toBeGreaterThan(0);
      expect(executed).toHaveLength(files.length);
      expect(await orm().getMigrator().getPendingMigrations()).toEqual([]);
    });
  });

  describe('across dialects', () => {
    const opened: { orm: Database; drop: () => Promise<void> }[] = [];
    afterAll(async () => {
      for (const { orm, drop } of opened) {
        await orm.close();
        await drop();
      }
    });

    it.skipIf(!mysqlUrl())(
      'give SQLite and MySQL the same tables, columns, keys, indexes and delete rules',
      async () => {
        const listings: Record<string, string[]> = {};
        for (const dialect of ['sqlite', 'mysql'] as const) {
          const temporary = await freshDatabase(dialect, 'compare');
          const orm = await openAppDatabase(temporary.database, { migrate: true });
          opened.push({ orm, drop: temporary.drop });
          listings[dialect] = await listSchema(orm.orm, dialect);
        }
        expect(listings.sqlite).toEqual(listings.mysql);
        // Guard against comparing two empty listings.
        expect(listings.sqlite).toContain('index user.user_email_unique (email) unique');
        expect(listings.sqlite).toContain(
          'foreign key recipe.author_id -> user.id on delete set null',
        );
      },
    );
  });
});
