import type { InjectOptions } from 'fastify';
import { beforeAll, beforeEach, expect } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { bearer, useAccountServer, type AccountServer } from './account-server.js';
import { OpenApiContract } from './openapi-contract.js';
import { recipeWorld, type RecipeWorld } from './recipe-world.js';

/** A recipe list answer, as far as the list tests read it. */
export interface ListPage {
  count: number;
  /** Present (true) only when `count` is an estimate. */
  count_is_estimate?: boolean;
  next: string | null;
  previous: string | null;
  results: { id: number; title: string }[];
}

export interface RecipeListServer {
  server: AccountServer;
  /** The members and categories of recipe-world.ts, made afresh before each test. */
  world(): RecipeWorld;
  /** A request whose answer is checked against the OpenAPI document. */
  inject(
    options: InjectOptions & { method: string; url: string },
  ): ReturnType<OpenApiContract['inject']>;
  /** GET `url`, as `token`'s member when given. */
  get(url: string, token?: string): ReturnType<OpenApiContract['inject']>;
  /** GET a list page that must answer 200. */
  page(url: string, token?: string): Promise<ListPage>;
}

/**
 * The setup the recipe list tests share, inside forEachDatabase: the OpenAPI document, a server
 * on the file's database with its tables emptied and a fresh recipe world before each test.
 */
export function useRecipeListServer(db: () => Database): RecipeListServer {
  let contract: OpenApiContract | undefined;
  beforeAll(async () => {
    contract = await OpenApiContract.load();
  });
  // Registered before the world's beforeEach, so the tables are emptied first.
  const server = useAccountServer(db);
  let world: RecipeWorld | undefined;
  beforeEach(async () => {
    world = await recipeWorld(db().orm);
  });

  const inject: RecipeListServer['inject'] = (options) => contract!.inject(server.app, options);
  const get: RecipeListServer['get'] = (url, token) =>
    inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  return {
    server,
    world: () => world!,
    inject,
    get,
    async page(url, token) {
      const response = await get(url, token);
      expect(response.statusCode, url).toBe(200);
      return response.json() as ListPage;
    },
  };
}
