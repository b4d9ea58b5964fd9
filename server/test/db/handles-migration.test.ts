import { describe, expect, it } from 'vitest';
import { openAppDatabase } from '../../src/app-database.js';
import { freshDatabase, testDialects } from '../support/test-database.js';

const HANDLE = /^[a-z0-9]+(-[a-z0-9]+)*$/;

describe.each(testDialects())('the handles migration (%s)', (dialect) => {
  it('gives members created before it unique handles derived from their names', async () => {
    const temporary = await freshDatabase(dialect, 'handles');
    const database = await openAppDatabase(temporary.database, { migrate: false });
    const orm = database.orm;
    try {
      const migrator = orm.getMigrator();
      const pending = (await migrator.getPendingMigrations()).map((m) => m.name);
      const at = pending.findIndex((name) => name.endsWith('_handles'));
      expect(at).toBeGreaterThan(0);
      await migrator.up({ to: pending[at - 1] });

      const connection = orm.em.getConnection();
      const people = [
        ['Rahim', 'Uddin'],
        ['Rahim', 'Uddin'],
        ['rahim', 'UDDIN'],
        ['陈', '伟'],
        ['Zoë', 'Ærø'],
      ];
      for (const [i, [first, last]] of people.entries()) {
        await connection.execute(
          'insert into `user` (`email`, `first_name`, `last_name`, `password_hash`, `role`, `created_at`) ' +
            "values (?, ?, ?, 'x', 'User', ?)",
          [`old${i}@example.com`, first, last, new Date()],
        );
      }
      await migrator.up();

      const rows = (await connection.execute('select `handle` from `user` order by `id`')) as {
        handle: string;
      }[];
      const handles = rows.map((row) => row.handle);
      expect(new Set(handles).size).toBe(people.length);
      for (const handle of handles) expect(handle).toMatch(HANDLE);
      expect(handles[0]).toBe('rahim-uddin');
      expect(handles[1]).toMatch(/^rahim-uddin-\d+$/);
      expect(handles[2]).toMatch(/^rahim-uddin-\d+$/);
      expect(handles[3]).toMatch(/^cook-\d+$/);
      expect(handles[4]).toBe('zoe-aero');
      // The unique index is in place: a copied handle is refused.
      await expect(
        connection.execute('update `user` set `handle` = ? where `email` = ?', [
          'rahim-uddin',
          'old4@example.com',
        ]),
      ).rejects.toThrow();
    } finally {
      await database.close();
      await temporary.drop();
    }
  });
});
