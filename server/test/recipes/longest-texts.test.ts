import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, useAccountServer } from '../support/account-server.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { recipeBody, recipeWorld, type RecipeWorld } from '../support/recipe-world.js';
import { forEachDatabase } from '../support/test-database.js';

let contract: OpenApiContract;
beforeAll(async () => {
  contract = await OpenApiContract.load();
});

/** A 4-byte character in UTF-8 (one code point, as the contract's lengths count). */
const EMOJI = '😀';
/** The contract's longest recipe texts, in 4-byte characters: 80,000 bytes of instructions. */
const LONGEST = {
  title: EMOJI.repeat(200),
  ingredients: EMOJI.repeat(10_000),
  instructions: EMOJI.repeat(20_000),
};

// The contract fuzz found it on MariaDB: TEXT holds 65,535 bytes, so the longest instructions
// the document allows failed to insert (500) when written in emoji.
forEachDatabase(({ orm, db }) => {
  const server = useAccountServer(db);
  let world: RecipeWorld;
  beforeEach(async () => {
    world = await recipeWorld(orm());
  });

  const call = (method: string, url: string, payload?: object) =>
    contract.inject(server.app, {
      method,
      url,
      headers: bearer(world.chef.token),
      ...(payload ? { payload } : {}),
    });
  const ids = () => world.categories.map((category) => category.id);

  describe('the longest texts a recipe may have, in 4-byte characters', () => {
    it('are stored whole by POST and PUT /api/recipes/lists/ and read back as sent', async () => {
      const created = await call('POST', '/api/recipes/lists/', recipeBody(ids(), LONGEST));
      expect(created.statusCode, created.body.slice(0, 300)).toBe(201);
      const url = `/api/recipes/lists/${created.json().id}/`;
      expect((await call('GET', url)).json()).toMatchObject(LONGEST);

      const changed = { ...LONGEST, instructions: `${'中'.repeat(19_999)}${EMOJI}` };
      const updated = await call('PUT', url, recipeBody(ids(), changed));
      expect(updated.statusCode, updated.body.slice(0, 300)).toBe(200);
      expect((await call('GET', url)).json()).toMatchObject(changed);
    });
  });
});
