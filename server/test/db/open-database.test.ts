import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isDatabaseReachable } from '../../src/db/open-database.js';
import { openAppDatabase } from '../../src/app-database.js';
import { SQLITE_BUSY_TIMEOUT_MS } from '../../src/db/orm-options.js';
import { freshDatabase, testDialects } from '../support/test-database.js';

describe('openDatabase', () => {
  describe.each(testDialects())('%s', (dialect) => {
    it('is reachable while open and unreachable after closing', async () => {
      const temporary = await freshDatabase(dialect, 'health');
      try {
        const orm = await openAppDatabase(temporary.database, { migrate: true });
        expect(await isDatabaseReachable(orm.orm)).toBe(true);
        await orm.close();
        expect(await isDatabaseReachable(orm.orm)).toBe(false);
      } finally {
        await temporary.drop();
      }
    });

    it('leaves the schema alone unless asked to migrate', async () => {
      const temporary = await freshDatabase(dialect, 'nomigrate');
      try {
        const orm = await openAppDatabase(temporary.database, { migrate: false });
        expect((await orm.orm.getMigrator().getPendingMigrations()).length).toBeGreaterThan(0);
        await orm.close();
      } finally {
        await temporary.drop();
      }
    });
  });

  describe('sqlite file', () => {
    it('creates the missing folder, applies the pragmas and migrates only once', async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'recipehub-open-'));
      const database = {
        kind: 'sqlite' as const,
        path: path.join(dir, 'nested', 'folder', 'app.db'),
      };
      try {
        const first = await openAppDatabase(database, { migrate: true });
        const pragma = async (name: string) =>
          Object.values(
            (
              (await first.orm.em.getConnection().execute(`pragma ${name}`)) as Record<
                string,
                unknown
              >[]
            )[0] ?? {},
          )[0];
        expect(String(await pragma('journal_mode')).toLowerCase()).toBe('wal');
        expect(Number(await pragma('foreign_keys'))).toBe(1);
        // Locked by another process: give up after 1 s (503) so every answer comes within 2 s.
        expect(Number(await pragma('busy_timeout'))).toBe(SQLITE_BUSY_TIMEOUT_MS);
        await first.close();

        const second = await openAppDatabase(database, { migrate: true });
        expect(await second.orm.getMigrator().getPendingMigrations()).toEqual([]);
        expect(await isDatabaseReachable(second.orm)).toBe(true);
        await second.close();
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  });
});
