import { beforeEach, describe, expect, it } from 'vitest';
import { AuditEntry } from '../../src/modules/audit/audit-entry.entity.js';
import { recordAudit, type AuditRecord } from '../../src/modules/audit/record-audit.js';
import { clearTables, forEachDatabase } from '../support/test-database.js';

const entry: AuditRecord = {
  actor: { id: 7, handle: 'ada-admin' },
  action: 'role_change',
  target: { type: 'user', id: 'bob-cook' },
  before: { role: 'User' },
  after: { role: 'Chef' },
  reason: 'Runs the baking column',
};

forEachDatabase(({ orm }) => {
  beforeEach(async () => {
    await clearTables(orm());
  });

  describe('recordAudit', () => {
    it('writes the entry with who, what, the target, before, after and the reason', async () => {
      await orm()
        .em.fork()
        .transactional((tx) => recordAudit(tx, entry));
      const [stored] = await orm().em.fork().find(AuditEntry, {});
      expect(stored).toMatchObject({
        actorId: 7,
        actorHandle: 'ada-admin',
        action: 'role_change',
        targetType: 'user',
        targetId: 'bob-cook',
        before: '{"role":"User"}',
        after: '{"role":"Chef"}',
        reason: 'Runs the baking column',
      });
      expect(stored?.createdAt).toBeInstanceOf(Date);
    });

    it('commits with the caller’s transaction, and rolls back with it', async () => {
      await expect(
        orm()
          .em.fork()
          .transactional(async (tx) => {
            await recordAudit(tx, entry);
            throw new Error('the action failed');
          }),
      ).rejects.toThrow('the action failed');
      expect(await orm().em.fork().count(AuditEntry, {})).toBe(0);
    });
  });

  describe('the database', () => {
    async function onlyEntry() {
      await orm()
        .em.fork()
        .transactional((tx) => recordAudit(tx, entry));
      const rows = await orm().em.getConnection().execute('select * from `audit_entry`');
      expect(rows).toHaveLength(1);
      return rows;
    }

    it('refuses an UPDATE of an entry and changes nothing', async () => {
      const before = await onlyEntry();
      await expect(
        orm().em.getConnection().execute("update `audit_entry` set `reason` = 'rewritten'"),
      ).rejects.toThrow(/append-only/);
      expect(await orm().em.getConnection().execute('select * from `audit_entry`')).toEqual(before);
    });

    it('refuses a DELETE of an entry and changes nothing', async () => {
      const before = await onlyEntry();
      await expect(orm().em.getConnection().execute('delete from `audit_entry`')).rejects.toThrow(
        /append-only/,
      );
      expect(await orm().em.getConnection().execute('select * from `audit_entry`')).toEqual(before);
    });

    it('keeps refusing after the tests’ clearTables lifted and restored its triggers', async () => {
      await onlyEntry();
      await clearTables(orm());
      expect(await orm().em.fork().count(AuditEntry, {})).toBe(0);
      await onlyEntry();
      await expect(orm().em.getConnection().execute('delete from `audit_entry`')).rejects.toThrow(
        /append-only/,
      );
    });
  });
});
