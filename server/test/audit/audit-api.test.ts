import { TRPCError } from '@trpc/server';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUDIT_PAGE_SIZE } from '@recipehub/openapi/limits';
import { AppError } from '../../src/errors/app-error.js';
import { AuditEntry } from '../../src/modules/audit/audit-entry.entity.js';
import { recordAudit, type AuditRecord } from '../../src/modules/audit/record-audit.js';
import type { User } from '../../src/modules/users/user.entity.js';
import { bearer, createAccount, loginToken, useAccountServer } from '../support/account-server.js';
import { createCategory, createRecipe } from '../support/db-factories.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { forEachDatabase } from '../support/test-database.js';

let contract: OpenApiContract;
beforeAll(async () => {
  contract = await OpenApiContract.load();
});

/** A tRPC failure's HTTP status (an AppError keeps its own). */
async function trpcStatus(call: Promise<unknown>): Promise<number> {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    return error.cause instanceof AppError ? error.cause.status : 500;
  }
  throw new Error('the call succeeded');
}

forEachDatabase(({ orm, db }) => {
  const server = useAccountServer(db);
  let admin: User;
  let member: User;
  let adminToken: string;
  let memberToken: string;
  beforeEach(async () => {
    const em = orm().em.fork();
    admin = await createAccount(em, { email: 'admin@example.com', role: 'Admin' });
    member = await createAccount(em, { email: 'member@example.com', role: 'User' });
    adminToken = await loginToken(server.app, 'admin@example.com');
    memberToken = await loginToken(server.app, 'member@example.com');
  });

  const entries = () =>
    orm()
      .em.fork()
      .find(AuditEntry, {}, { orderBy: { id: 'asc' } });
  const setRole = (body: Record<string, unknown>, token = adminToken) =>
    contract.inject(server.app, {
      method: 'PUT',
      url: '/api/accounts/profile/member%40example.com/update-role/',
      payload: body,
      headers: bearer(token),
    });
  const readLog = (query = '', token: string | null = adminToken) =>
    contract.inject(server.app, {
      method: 'GET',
      url: `/api/moderation/audit/${query}`,
      headers: token ? bearer(token) : {},
    });

  describe('PUT /api/accounts/profile/{email}/update-role/', () => {
    it('records who changed which role from what to what, and why', async () => {
      const response = await setRole({ role: 'Chef', reason: 'Runs the baking column.' });
      expect(response.statusCode).toBe(200);
      expect(await entries()).toMatchObject([
        {
          actorId: admin.id,
          actorHandle: admin.handle,
          action: 'role_change',
          targetType: 'user',
          targetId: member.handle,
          before: '{"role":"User"}',
          after: '{"role":"Chef"}',
          reason: 'Runs the baking column.',
        },
      ]);
    });

    it('still accepts an older client’s body without a reason, recording none', async () => {
      expect((await setRole({ role: 'Chef' })).statusCode).toBe(200);
      expect(await entries()).toMatchObject([{ action: 'role_change', reason: null }]);
    });

    it('records nothing when the change is refused (same role)', async () => {
      expect((await setRole({ role: 'User', reason: 'again' })).statusCode).toBe(400);
      expect(await entries()).toEqual([]);
    });

    it('answers 400 for a reason over 1,000 characters or with control characters, changing nothing', async () => {
      for (const reason of ['x'.repeat(1001), 'bad\u0007bell', 42]) {
        const response = await setRole({ role: 'Chef', reason });
        expect(response.statusCode).toBe(400);
        expect(response.json().errors).toHaveProperty('reason');
      }
      const [stored] = await orm().em.fork().find('User', { id: member.id });
      expect(stored).toMatchObject({ role: 'User' });
      expect(await entries()).toEqual([]);
    });

    it('records the change over tRPC too', async () => {
      await server.caller(adminToken).accounts.users.updateRole({
        email: 'member@example.com',
        role: 'Chef',
        reason: 'Promoted',
      });
      expect(await entries()).toMatchObject([{ action: 'role_change', reason: 'Promoted' }]);
    });
  });

  describe('DELETE /api/recipes/{id}/', () => {
    it('records an Admin deleting someone else’s recipe, but not an author deleting their own', async () => {
      const em = orm().em.fork();
      const category = await createCategory(em, 'Curry');
      const theirs = await createRecipe(em, member, [category]);
      const own = await createRecipe(em, member, [category]);
      const remove = (id: number, token: string) =>
        contract.inject(server.app, {
          method: 'DELETE',
          url: `/api/recipes/lists/${id}/`,
          headers: bearer(token),
        });
      expect((await remove(own.id, memberToken)).statusCode).toBe(204);
      expect(await entries()).toEqual([]);
      expect((await remove(theirs.id, adminToken)).statusCode).toBe(204);
      expect(await entries()).toMatchObject([
        {
          actorHandle: admin.handle,
          action: 'recipe_delete',
          targetType: 'recipe',
          targetId: String(theirs.id),
          before: JSON.stringify({ title: theirs.title, author: member.handle }),
          after: null,
        },
      ]);
    });
  });

  describe('GET /api/moderation/audit/', () => {
    /** An entry as another module would write it (the moderation actions). */
    async function logged(overrides: Partial<AuditRecord>) {
      await orm()
        .em.fork()
        .transactional((tx) =>
          recordAudit(tx, {
            actor: { id: admin.id, handle: admin.handle },
            action: 'role_change',
            target: { type: 'user', id: member.handle },
            before: { role: 'User' },
            after: { role: 'Chef' },
            reason: null,
            ...overrides,
          }),
        );
    }

    it('lists the entries newest first, the same on both faces', async () => {
      await setRole({ role: 'Chef', reason: 'first' });
      await setRole({ role: 'User', reason: 'second' });
      const response = await readLog();
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ count: 2, next: null, previous: null });
      expect(body.results.map((e: { reason: string }) => e.reason)).toEqual(['second', 'first']);
      expect(body.results[0]).toMatchObject({
        actor: admin.handle,
        action: 'role_change',
        target_type: 'user',
        target_id: member.handle,
        before: { role: 'Chef' },
        after: { role: 'User' },
      });
      expect(await server.caller(adminToken).moderation.audit({})).toEqual(body);
    });

    it('filters by actor, action, target and dates, combined', async () => {
      await logged({ action: 'hide', target: { type: 'recipe', id: 5 } });
      await logged({ action: 'hide', target: { type: 'recipe', id: 6 } });
      await logged({ actor: { id: 99, handle: 'someone-else' }, action: 'trust' });
      const ids = async (query: string) => {
        const response = await readLog(query);
        expect(response.statusCode, query).toBe(200);
        return (response.json().results as { target_id: string; action: string }[]).map(
          (e) => `${e.action}:${e.target_id}`,
        );
      };
      expect(await ids('?action=hide')).toEqual(['hide:6', 'hide:5']);
      expect(await ids('?target_type=recipe&target_id=5')).toEqual(['hide:5']);
      expect(await ids('?actor=someone-else')).toEqual([`trust:${member.handle}`]);
      expect(await ids(`?actor=${admin.handle}&action=trust`)).toEqual([]);
      const today = new Date().toISOString().slice(0, 10);
      expect(await ids(`?from=${today}&to=${today}`)).toHaveLength(3);
      expect(await ids('?to=2000-01-01')).toEqual([]);
      expect(await ids('?from=2999-01-01')).toEqual([]);
      expect(
        (await server.caller(adminToken).moderation.audit({ action: 'hide', target_id: '6' }))
          .results,
      ).toHaveLength(1);
    });

    it(`pages ${AUDIT_PAGE_SIZE} at a time, keeping the filters in next and previous`, async () => {
      for (let i = 0; i <= AUDIT_PAGE_SIZE; i++) {
        await logged({ action: 'hide', target: { type: 'recipe', id: i + 1 } });
      }
      const first = (await readLog('?action=hide')).json();
      expect(first).toMatchObject({
        count: AUDIT_PAGE_SIZE + 1,
        next: '/api/moderation/audit/?action=hide&page=2',
        previous: null,
      });
      expect(first.results).toHaveLength(AUDIT_PAGE_SIZE);
      const second = (await readLog('?action=hide&page=2')).json();
      expect(second).toMatchObject({
        next: null,
        previous: '/api/moderation/audit/?action=hide&page=1',
      });
      expect(second.results.map((e: { target_id: string }) => e.target_id)).toEqual(['1']);
      expect((await readLog('?page=3')).statusCode).toBe(404);
    });

    it('answers 401 to an anonymous caller and 403 to a member, on both faces', async () => {
      expect((await readLog('', null)).statusCode).toBe(401);
      expect((await readLog('', memberToken)).statusCode).toBe(403);
      expect(await trpcStatus(server.caller(null).moderation.audit({}))).toBe(401);
      expect(await trpcStatus(server.caller(memberToken).moderation.audit({}))).toBe(403);
    });

    it('answers 400 with field errors for bad filters, on both faces', async () => {
      const bad = {
        action: 'erase',
        target_type: 'photo',
        actor: 'Not A Handle',
        target_id: 'x y',
        from: '2026-02-30',
        page: '0',
      };
      expect((await readLog('?actor=')).statusCode).toBe(400);
      for (const [field, value] of Object.entries(bad)) {
        const response = await readLog(`?${field}=${encodeURIComponent(value)}`);
        expect(response.statusCode, field).toBe(400);
        expect(response.json().errors, field).toHaveProperty(field);
      }
      const reversed = await readLog('?from=2026-11-02&to=2026-11-01');
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json().errors).toHaveProperty('to');
      expect(
        await trpcStatus(server.caller(adminToken).moderation.audit({ action: 'erase' as 'hide' })),
      ).toBe(400);
    });

    it('answers 405 to any other method: no call changes or deletes an entry', async () => {
      await logged({});
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        const response = await server.app.inject({
          method,
          url: '/api/moderation/audit/',
          headers: bearer(adminToken),
        });
        expect(response.statusCode, method).toBe(405);
        expect(response.headers.allow).toContain('GET');
      }
      expect(await entries()).toHaveLength(1);
    });
  });
});
