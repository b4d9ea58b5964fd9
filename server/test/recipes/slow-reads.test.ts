import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HOT_READ_TIME_LIMIT_MS } from '../../src/db/read-pools.js';
import { useAccountServer } from '../support/account-server.js';
import { createRecipe } from '../support/db-factories.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { recipeWorld, type RecipeWorld } from '../support/recipe-world.js';
import { forEachDatabase } from '../support/test-database.js';

let contract: OpenApiContract;
beforeAll(async () => {
  contract = await OpenApiContract.load();
});

/**
 * The hot reads run under a statement time limit on MySQL/MariaDB; over it, the answer is a 503
 * problem, not a 500 and not a request hanging on a pooled connection. To make a read slow for
 * sure, another connection holds `recipe` under LOCK TABLES ... WRITE: every hot read reads that
 * table, so it waits for the lock until the limit interrupts it. (A microsecond limit on an
 * unlocked table raced the query: about 1 % of such reads finished in time and answered 200.)
 */
const LOCKED_READ_LIMIT_MS = 200;

forEachDatabase(({ orm, dialect, db }) => {
  const server = useAccountServer(db);
  let world: RecipeWorld;
  let recipeId: number;
  beforeEach(async () => {
    world = await recipeWorld(orm());
    recipeId = (await createRecipe(orm().em.fork(), world.chef.user, [world.categories[0]!])).id;
  });
  afterEach(() => {
    db().reads.hotReadTimeLimitMs = HOT_READ_TIME_LIMIT_MS;
  });

  const get = (url: string) => contract.inject(server.app, { method: 'GET', url });

  /** Runs `use` while a connection of its own holds a write lock on `recipe`. */
  async function withRecipesLocked(use: () => Promise<void>) {
    const knex = orm().em.getConnection().getKnex();
    const client = knex.client as {
      acquireConnection(): Promise<unknown>;
      releaseConnection(connection: unknown): Promise<void>;
    };
    const connection = await client.acquireConnection();
    try {
      await knex.raw('lock tables `recipe` write').connection(connection);
      await use();
    } finally {
      await knex.raw('unlock tables').connection(connection);
      await client.releaseConnection(connection);
    }
  }

  describe.skipIf(dialect === 'sqlite')(
    'hot reads over the statement time limit (MySQL/MariaDB only)',
    () => {
      it('answer 503 on the list, search, trending and detail, and 200 again once in time', async () => {
        db().reads.hotReadTimeLimitMs = LOCKED_READ_LIMIT_MS;
        await withRecipesLocked(async () => {
          for (const url of [
            '/api/recipes/lists/',
            '/api/recipes/lists/?search=curry',
            '/api/recipes/lists/most_liked/',
            `/api/recipes/lists/${recipeId}/`,
          ]) {
            const response = await get(url);
            expect(response.statusCode, url).toBe(503);
            expect(response.json().detail).toBe(
              'The recipes are taking too long to load. Please try again shortly.',
            );
          }
          await expect(server.caller(null).recipes.trending()).rejects.toMatchObject({
            cause: { code: 'SERVICE_UNAVAILABLE' },
          });
        });

        db().reads.hotReadTimeLimitMs = HOT_READ_TIME_LIMIT_MS;
        expect((await get('/api/recipes/lists/')).statusCode).toBe(200);
        expect((await get(`/api/recipes/lists/${recipeId}/`)).statusCode).toBe(200);
      });
    },
  );

  it.skipIf(dialect === 'sqlite')(
    'a search interrupted inside the full-text index answers 503 too, never 500',
    async () => {
      // A 1 µs limit strikes at random points of a search; inside InnoDB's full-text code MariaDB
      // reports it as error 188, not as a timeout. Each run is 503, or 200 if it won the race.
      db().reads.hotReadTimeLimitMs = 0.001;
      const statuses = new Set<number>();
      for (let attempt = 0; attempt < 200; attempt++) {
        statuses.add((await get('/api/recipes/lists/?search=curry')).statusCode);
      }
      expect([...statuses].filter((status) => status !== 503 && status !== 200)).toEqual([]);
      expect(statuses).toContain(503);
    },
    60_000,
  );

  it('the default limit leaves ordinary reads alone', async () => {
    expect((await get('/api/recipes/lists/?search=curry')).statusCode).toBe(200);
  });
});
