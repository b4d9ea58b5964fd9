import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { openAppDatabase } from '../../src/app-database.js';
import {
  createTemporaryDatabase,
  type TemporaryDatabase,
} from '../../src/db/temporary-database.js';
import type { Category } from '../../src/modules/recipes/data/category.entity.js';
import { Save } from '../../src/modules/saves/save.entity.js';
import { bearer } from '../support/account-server.js';
import { startProcess, type ServerProcess } from '../support/server-processes.js';
import { createRecipe } from '../support/db-factories.js';
import { recipeBody, recipeWorld, type RecipeWorld } from '../support/recipe-world.js';
import { clearTables, mysqlUrl, testDialects } from '../support/test-database.js';

/**
 * Two server processes on one database: two apps built on two ORMs of the same SQLite file or
 * MariaDB database. Nothing of a list or a search is kept in a process (docs/search.md, "No
 * search cache"), so a write through one, or a row written behind both, shows in the other's
 * next answer.
 */

describe.each(testDialects())('%s', (dialect) => {
  let temporary: TemporaryDatabase | undefined;
  let databaseA: Database;
  let databaseB: Database;
  let world: RecipeWorld;
  const running: ServerProcess[] = [];

  beforeAll(async () => {
    temporary = await createTemporaryDatabase(dialect, {
      purpose: 'processes',
      mysqlUrl: mysqlUrl(),
    });
    databaseA = await openAppDatabase(temporary.database, { migrate: true });
    databaseB = await openAppDatabase(temporary.database, { migrate: false });
  });
  afterAll(async () => {
    await databaseA?.close();
    await databaseB?.close();
    await temporary?.drop();
  });
  beforeEach(async () => {
    await clearTables(databaseA.orm);
    world = await recipeWorld(databaseA.orm);
    const [curry] = world.categories as [Category];
    const em = databaseA.orm.em.fork();
    for (let i = 0; i < 3; i++) await createRecipe(em, world.chef.user, [curry]);
  });
  afterEach(async () => {
    for (const server of running.splice(0)) await server.close();
  });

  const start = async (database: Database) => {
    const server = await startProcess(database);
    running.push(server);
    return server;
  };
  /**
   * A list's count as `server` answers it. By default a search for "curry", which every recipe
   * here matches (the Curry category).
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
  /** A recipe (saved by `other`) written behind both processes. */
  async function hiddenRecipe() {
    const em = databaseA.orm.em.fork();
    const recipe = await createRecipe(em, world.user.user, world.categories.slice(0, 1));
    em.create(Save, { user: world.other.user, recipe, createdAt: new Date() });
    await em.flush();
  }

  describe('GET /api/recipes/lists/ in a second process', () => {
    it('shows a write through the first, and a row written behind both, at once', async () => {
      const a = await start(databaseA);
      const b = await start(databaseB);
      const before = await count(b);
      const own = await count(b, 'my_recipes=true', world.chef.token);
      await hiddenRecipe();
      expect(await count(b)).toBe(before + 1);
      await createThrough(a);
      expect(await count(a)).toBe(before + 2);
      expect(await count(b)).toBe(before + 2);
      expect(await count(b, 'my_recipes=true', world.chef.token)).toBe(own + 1);
    });

    it('hides a recipe hidden through the first from the second at once (issue 30)', async () => {
      const a = await start(databaseA);
      const b = await start(databaseB);
      const id = await createThrough(a);
      const list = async (server: ServerProcess) =>
        (await server.app.inject({ method: 'GET', url: '/api/recipes/lists/' })).json() as {
          count: number;
          results: { id: number }[];
        };
      const before = await list(b);
      expect(before.results.map((recipe) => recipe.id)).toContain(id);
      const hide = await a.app.inject({
        method: 'POST',
        url: '/api/moderation/actions/',
        headers: bearer(world.admin.token),
        payload: { target_type: 'recipe', target_id: id, action: 'hide', reason: 'Spam.' },
      });
      expect(hide.statusCode, hide.body).toBe(200);
      const after = await list(b);
      expect(after.count).toBe(before.count - 1);
      expect(after.results.map((recipe) => recipe.id)).not.toContain(id);
      const detail = await b.app.inject({ method: 'GET', url: `/api/recipes/lists/${id}/` });
      expect(detail.statusCode).toBe(404);
      const trending = await b.app.inject({ method: 'GET', url: '/api/recipes/lists/most_liked/' });
      expect((trending.json() as { id: number }[]).map((recipe) => recipe.id)).not.toContain(id);
    });

    it("shows a save toggle through the first in the member's saved lists and searches", async () => {
      const a = await start(databaseA);
      const b = await start(databaseB);
      const saved = await count(b, 'saved_recipes=true', world.other.token);
      const savedSearch = await count(b, 'saved_recipes=true&search=curry', world.other.token);
      const [first] = (
        (await a.app.inject({ method: 'GET', url: '/api/recipes/lists/' })).json() as {
          results: { id: number }[];
        }
      ).results;
      const toggle = await a.app.inject({
        method: 'POST',
        url: `/api/recipes/lists/${first!.id}/save/`,
        headers: bearer(world.other.token),
      });
      expect(toggle.statusCode).toBe(200);
      expect(await count(b, 'saved_recipes=true', world.other.token)).toBe(saved + 1);
      expect(await count(b, 'saved_recipes=true&search=curry', world.other.token)).toBe(
        savedSearch + 1,
      );
      expect(b.logs).toEqual([]);
    });
  });
});
