import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database, Orm } from '../../src/db/database.js';
import { openAppDatabase } from '../../src/app-database.js';
import {
  createTemporaryDatabase,
  type TemporaryDatabase,
} from '../../src/db/temporary-database.js';
import type { Category } from '../../src/modules/recipes/data/category.entity.js';
import {
  configureRecipeCaches,
  DETACHED_TTL_MS,
  invalidateRecipeCounts,
  isRecipeCacheCoherent,
  resetRecipeCacheSettings,
} from '../../src/modules/recipes/data/recipe-count-cache.js';
import { Save } from '../../src/modules/saves/save.entity.js';
import { bearer } from '../support/account-server.js';
import {
  droppingServer,
  proxyTo,
  redisReachable,
  redisUrl,
  startProcess,
  type ServerProcess,
} from '../support/cache-processes.js';
import { createRecipe } from '../support/db-factories.js';
import { recipeBody, recipeWorld, type RecipeWorld } from '../support/recipe-world.js';
import { clearTables, mysqlUrl, testDialects } from '../support/test-database.js';

/**
 * Two server processes on one database, each with its own recipe caches: two apps built on two
 * ORMs of the same SQLite file or MariaDB database. With REDIS_URL a write through one reaches
 * the other's caches through pub/sub; without Redis, the other sees it once its entry has lived
 * DETACHED_TTL_MS (docs/operations.md: "a second process sees a write's effect on counts within 5 s").
 */

const hasRedis = await redisReachable();
const needsRedis = `needs Redis at ${redisUrl}; skipped when unreachable`;
/** This run's channels: parallel test files and runs never hear each other. */
const namespace = `recipehub-test-${randomBytes(4).toString('hex')}`;
/** A deadline for a pub/sub message, far below the 60 s an entry lives while coherent. */
const PROMPTLY = { timeout: 5_000, interval: 20 };

describe.each(testDialects())('%s', (dialect) => {
  let temporary: TemporaryDatabase | undefined;
  let databaseA: Database;
  let databaseB: Database;
  let ormA: Orm;
  let ormB: Orm;
  let world: RecipeWorld;
  const running: ServerProcess[] = [];

  beforeAll(async () => {
    temporary = await createTemporaryDatabase(dialect, {
      purpose: 'coherence',
      mysqlUrl: mysqlUrl(),
    });
    databaseA = await openAppDatabase(temporary.database, { migrate: true });
    databaseB = await openAppDatabase(temporary.database, { migrate: false });
    ormA = databaseA.orm;
    ormB = databaseB.orm;
  });
  afterAll(async () => {
    await databaseA?.close();
    await databaseB?.close();
    await temporary?.drop();
  });
  beforeEach(async () => {
    await clearTables(ormA);
    invalidateRecipeCounts(ormB);
    world = await recipeWorld(ormA);
    const [curry] = world.categories as [Category];
    const em = ormA.em.fork();
    for (let i = 0; i < 3; i++) await createRecipe(em, world.chef.user, [curry]);
  });
  afterEach(async () => {
    for (const server of running.splice(0)) await server.close();
    resetRecipeCacheSettings(ormA);
    resetRecipeCacheSettings(ormB);
  });

  const start = async (orm: Orm, redis?: string) => {
    const server = await startProcess(orm === ormA ? databaseA : databaseB, redis, namespace);
    running.push(server);
    return server;
  };
  /**
   * A list's count as `server` answers it. By default a search for "curry", which every recipe
   * here matches (the Curry category): a cached entry, where the unfiltered count is a counter the
   * triggers keep exact and is never stale.
   */
  async function count(
    server: ServerProcess,
    query = 'search=curry',
    token?: string,
  ): Promise<number> {
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/recipes/lists/?${query}`,
      headers: token ? bearer(token) : {},
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { count: number }).count;
  }
  async function createThrough(server: ServerProcess) {
    const [curry] = world.categories as [Category];
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/recipes/lists/',
      headers: bearer(world.chef.token),
      payload: recipeBody([curry.id]),
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { id: number }).id;
  }
  /** A recipe (saved by `other`) that no cache hears of. */
  async function hiddenRecipe() {
    const em = ormA.em.fork();
    const recipe = await createRecipe(em, world.user.user, world.categories.slice(0, 1));
    em.create(Save, { user: world.other.user, recipe, createdAt: new Date() });
    await em.flush();
  }
  const bothCoherent = () =>
    vi.waitFor(() => {
      expect(isRecipeCacheCoherent(ormA)).toBe(true);
      expect(isRecipeCacheCoherent(ormB)).toBe(true);
    }, PROMPTLY);

  describe('GET /api/recipes/lists/ in a second process, with REDIS_URL', () => {
    it.skipIf(!hasRedis)(`shows a write through the first at once (${needsRedis})`, async () => {
      const a = await start(ormA, redisUrl);
      const b = await start(ormB, redisUrl);
      await bothCoherent();
      const before = await count(b);
      await hiddenRecipe();
      // Cached in B (for 60 s while coherent): the unannounced row does not show.
      expect(await count(b)).toBe(before);
      await createThrough(a);
      // A's own cache at once; B's as soon as the message arrives (the hidden row comes too).
      expect(await count(a)).toBe(before + 2);
      await vi.waitFor(async () => expect(await count(b)).toBe(before + 2), PROMPTLY);
    });

    it.skipIf(!hasRedis)(
      `drops only the member's saved lists in the other process on a save toggle (${needsRedis})`,
      async () => {
        const a = await start(ormA, redisUrl);
        const b = await start(ormB, redisUrl);
        await bothCoherent();
        const all = await count(b);
        const search = await count(b, 'search=recipe');
        const saved = await count(b, 'saved_recipes=true', world.other.token);
        const [first] = (
          (await a.app.inject({ method: 'GET', url: '/api/recipes/lists/' })).json() as {
            results: { id: number }[];
          }
        ).results;
        await hiddenRecipe();
        const toggle = await a.app.inject({
          method: 'POST',
          url: `/api/recipes/lists/${first!.id}/save/`,
          headers: bearer(world.other.token),
        });
        expect(toggle.statusCode).toBe(200);
        // Other's saved list: the hidden save and the toggle, heard through Redis.
        await vi.waitFor(
          async () =>
            expect(await count(b, 'saved_recipes=true', world.other.token)).toBe(saved + 2),
          PROMPTLY,
        );
        // Everything else is still served from B's cache: the hidden recipe does not show.
        expect(await count(b)).toBe(all);
        expect(await count(b, 'search=recipe')).toBe(search);
      },
    );

    it.skipIf(!hasRedis)(
      `falls back to ${DETACHED_TTL_MS / 1000} s entries while Redis is away, logs it once, and reconnects (${needsRedis})`,
      async () => {
        const proxy = await proxyTo(redisUrl);
        try {
          const a = await start(ormA, redisUrl);
          const b = await start(ormB, proxy.url);
          await bothCoherent();
          // B's clock stands still unless the test steps it.
          let clock = Date.now();
          configureRecipeCaches(ormB, { now: () => clock });
          const before = await count(b);

          await proxy.stop();
          await vi.waitFor(() => expect(isRecipeCacheCoherent(ormB)).toBe(false), PROMPTLY);
          // Messages may have been missed since the link broke: B dropped its entries.
          await hiddenRecipe();
          expect(await count(b)).toBe(before + 1);
          // Deaf, B keeps an entry DETACHED_TTL_MS, then reads again.
          await createThrough(a);
          expect(await count(b)).toBe(before + 1);
          clock += DETACHED_TTL_MS - 1;
          expect(await count(b)).toBe(before + 1);
          clock += 1;
          expect(await count(b)).toBe(before + 2);

          // B's own write while away is published when its link is back.
          const aBefore = await count(a);
          await createThrough(b);
          expect(await count(a)).toBe(aBefore);
          await proxy.restore();
          await vi.waitFor(() => expect(isRecipeCacheCoherent(ormB)).toBe(true), {
            timeout: 10_000,
          });
          await vi.waitFor(async () => expect(await count(a)).toBe(aBefore + 1), PROMPTLY);

          // Coherent again: A's writes reach B's cache at once.
          const bNow = await count(b);
          await createThrough(a);
          await vi.waitFor(async () => expect(await count(b)).toBe(bNow + 1), PROMPTLY);
          expect(b.logs.filter((l) => l.level === 'warn').map((l) => l.msg)).toEqual([
            expect.stringContaining('recipe caches cannot reach Redis'),
          ]);
          expect(b.logs.filter((l) => l.level === 'info').map((l) => l.msg)).toEqual([
            expect.stringContaining('recipe caches reach Redis again'),
          ]);
          expect(a.logs).toEqual([]);
        } finally {
          await proxy.close();
        }
      },
    );
    it.skipIf(!hasRedis)(
      `notices a link to Redis that goes silent within 7 s and drops its entries (${needsRedis})`,
      async () => {
        const proxy = await proxyTo(redisUrl);
        try {
          const a = await start(ormA, redisUrl);
          const b = await start(ormB, proxy.url);
          await bothCoherent();
          const before = await count(b);
          // No byte moves and no connection closes: only B's heartbeat can tell.
          proxy.freeze();
          await createThrough(a);
          await vi.waitFor(() => expect(isRecipeCacheCoherent(ormB)).toBe(false), {
            timeout: 10_000,
            interval: 50,
          });
          expect(await count(b)).toBe(before + 1);
          await proxy.restore();
          await vi.waitFor(() => expect(isRecipeCacheCoherent(ormB)).toBe(true), {
            timeout: 10_000,
          });
          expect(b.logs.filter((l) => l.level === 'warn')).toHaveLength(1);
        } finally {
          await proxy.close();
        }
      },
    );
  });

  describe('GET /api/recipes/lists/ in a second process, without Redis', () => {
    it(`shows a write through the first after ${DETACHED_TTL_MS / 1000} s, not before`, async () => {
      let clock = 1_000_000;
      configureRecipeCaches(ormB, { now: () => clock });
      const a = await start(ormA);
      const b = await start(ormB);
      const before = await count(b);
      await createThrough(a);
      expect(await count(a)).toBe(before + 1);
      clock += DETACHED_TTL_MS - 1;
      expect(await count(b)).toBe(before);
      clock += 1;
      expect(await count(b)).toBe(before + 1);
    });

    it('keeps answering when REDIS_URL names a server that drops every connection, and says so once', async () => {
      const broken = await droppingServer();
      try {
        let clock = 1_000_000;
        configureRecipeCaches(ormB, { now: () => clock });
        const a = await start(ormA);
        const b = await start(ormB, broken.url);
        // Both of B's connections tried, failed and tried again.
        await vi.waitFor(() => expect(broken.connections()).toBeGreaterThanOrEqual(6), PROMPTLY);
        const before = await count(b);
        await createThrough(a);
        await createThrough(b);
        expect(await count(b)).toBe(before + 2);
        expect(isRecipeCacheCoherent(ormB)).toBe(false);
        await createThrough(a);
        clock += DETACHED_TTL_MS - 1;
        expect(await count(b)).toBe(before + 2);
        clock += 1;
        expect(await count(b)).toBe(before + 3);
        expect(b.logs.map((l) => l.level)).toEqual(['warn']);
        expect(b.logs[0]!.msg).toContain(`within ${DETACHED_TTL_MS / 1000} s`);
      } finally {
        await broken.close();
      }
    });
  });
});
