import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE_DETAIL } from '../../src/db/database-unavailable.js';
import type { Database } from '../../src/db/database.js';
import { openAppDatabase } from '../../src/app-database.js';
import { SERVING_TIMEOUTS } from '../../src/db/orm-options.js';
import { startAccountServer, type AccountServer } from '../support/account-server.js';
import { createRecipe } from '../support/db-factories.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { member } from '../support/recipe-world.js';
import { canMount } from '../support/can-mount.js';

/**
 * SQLite's faults: the database file locked by another process (a backup, `npm run seed` next to
 * the server) and a read-only database file. Both answer 503 with Retry-After within 2 s on REST
 * and tRPC, never 500 and never a hang.
 */
const ANSWER_WITHIN_MS = 2_000;

const mountPermitted = canMount();

describe('SQLite faults', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A file database with a member and a recipe, written by its own connection and closed. */
  async function seededFile(dir: string) {
    const setup = await openAppDatabase(
      { kind: 'sqlite', path: path.join(dir, 'db.sqlite') },
      { migrate: true },
    );
    const em = setup.orm.em.fork();
    const { user, token } = await member(em, 'User');
    const recipeId = (await createRecipe(em, user)).id;
    await setup.close();
    return { token, recipeId };
  }

  async function serve(file: string): Promise<{ orm: Database; server: AccountServer }> {
    const orm = await openAppDatabase(
      { kind: 'sqlite', path: file },
      { migrate: false, timeouts: SERVING_TIMEOUTS },
    );
    const server = await startAccountServer(orm);
    cleanups.push(async () => {
      await server.close();
      await orm.close();
    });
    return { orm, server };
  }

  async function timed(send: () => Promise<LightMyRequestResponse>) {
    const started = performance.now();
    const response = await send();
    return { response, tookMs: performance.now() - started };
  }

  function expectUnavailable(
    { response, tookMs }: { response: LightMyRequestResponse; tookMs: number },
    shape: 'problem' | 'envelope' | 'trpc',
  ) {
    expect(tookMs).toBeLessThan(ANSWER_WITHIN_MS);
    expect(response.statusCode, response.body).toBe(503);
    expect(response.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    expect(response.body).not.toMatch(/SQLITE|locked|readonly|insert |select /i);
    const body = response.json() as Record<string, unknown>;
    if (shape === 'problem') expect(body.detail).toBe(DATABASE_UNAVAILABLE_DETAIL);
    if (shape === 'envelope')
      expect(body).toEqual({ status: 'error', message: DATABASE_UNAVAILABLE_DETAIL });
    if (shape === 'trpc') {
      expect(body.error).toMatchObject({
        message: DATABASE_UNAVAILABLE_DETAIL,
        data: { code: 'SERVICE_UNAVAILABLE', appCode: 'SERVICE_UNAVAILABLE' },
      });
    }
  }

  function requests(server: AccountServer, contract: OpenApiContract, token: string, id: number) {
    const headers = { authorization: `Bearer ${token}` };
    return {
      restComment: (content: string) =>
        contract.inject(server.app, {
          method: 'POST',
          url: `/api/recipes/lists/${id}/comments/`,
          headers,
          payload: { content },
        }),
      trpcComment: (content: string) =>
        server.app.inject({
          method: 'POST',
          url: '/trpc/comments.create',
          headers,
          payload: { recipe: id, content },
        }),
      profileUpdate: () =>
        contract.inject(server.app, {
          method: 'PUT',
          url: '/api/accounts/profile/update/',
          headers,
          payload: { firstName: 'Renamed' },
        }),
      detail: () =>
        contract.inject(server.app, { method: 'GET', url: `/api/recipes/lists/${id}/`, headers }),
    };
  }

  it('a database locked by another process answers writes with 503 and Retry-After within 2 s; reads go on, writes work again once the lock is gone', async () => {
    const contract = await OpenApiContract.load();
    const dir = mkdtempSync(path.join(tmpdir(), 'recipehub-locked-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const { token, recipeId } = await seededFile(dir);
    const { server } = await serve(path.join(dir, 'db.sqlite'));
    const call = requests(server, contract, token, recipeId);

    // Another process takes the write lock and keeps it.
    const other = await openAppDatabase(
      { kind: 'sqlite', path: path.join(dir, 'db.sqlite') },
      { migrate: false },
    );
    cleanups.push(() => other.close());
    await other.orm.em.getConnection().execute('begin immediate');

    expectUnavailable(await timed(() => call.restComment('while locked')), 'problem');
    expectUnavailable(await timed(() => call.trpcComment('while locked')), 'trpc');
    expectUnavailable(await timed(() => call.profileUpdate()), 'envelope');
    // WAL: readers are not blocked by the other process's write lock.
    expect((await call.detail()).statusCode).toBe(200);

    await other.orm.em.getConnection().execute('rollback');
    expect((await call.restComment('after the lock')).statusCode).toBe(201);
    const detail = (await call.detail()).json() as { comments: { content: string }[] };
    expect(detail.comments.map((comment) => comment.content)).toEqual(['after the lock']);
  });

  it.skipIf(!mountPermitted)(
    'a read-only database file answers writes with 503 and Retry-After within 2 s and keeps serving reads (skipped where mount is not permitted)',
    async () => {
      const contract = await OpenApiContract.load();
      const root = mkdtempSync(path.join(tmpdir(), 'recipehub-readonly-'));
      const writable = path.join(root, 'data');
      const readOnly = path.join(root, 'read-only');
      mkdirSync(writable);
      mkdirSync(readOnly);
      cleanups.push(() => rmSync(root, { recursive: true, force: true }));
      const { token, recipeId } = await seededFile(writable);
      // The same files seen through a read-only bind mount: a real EROFS for every write.
      execFileSync('mount', ['--bind', writable, readOnly]);
      // Lazy: libsql may close the file a moment after the ORM.
      cleanups.push(() => {
        execFileSync('umount', ['-l', readOnly]);
      });
      execFileSync('mount', ['-o', 'remount,bind,ro', readOnly]);

      const { server } = await serve(path.join(readOnly, 'db.sqlite'));
      const call = requests(server, contract, token, recipeId);
      expectUnavailable(await timed(() => call.restComment('read-only')), 'problem');
      expectUnavailable(await timed(() => call.trpcComment('read-only')), 'trpc');
      expectUnavailable(await timed(() => call.profileUpdate()), 'envelope');
      const detail = await call.detail();
      expect(detail.statusCode).toBe(200);
      expect((detail.json() as { comments: unknown[] }).comments).toEqual([]);
    },
  );
});
