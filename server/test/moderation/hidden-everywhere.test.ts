import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, useAccountServer } from '../support/account-server.js';
import { createRecipe } from '../support/db-factories.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { recipeWorld, type RecipeWorld } from '../support/recipe-world.js';
import { forEachDatabase } from '../support/test-database.js';

let contract: OpenApiContract;
beforeAll(async () => {
  contract = await OpenApiContract.load();
});

const REASON = 'Spam links in the steps.';

/** Issue 30, item 4: a hidden recipe, comment or review is gone from every surface. */
forEachDatabase(({ orm, db }) => {
  const server = useAccountServer(db);
  let world: RecipeWorld;
  let hidden: number;
  let shown: number;

  beforeEach(async () => {
    world = await recipeWorld(orm());
    const em = orm().em.fork();
    shown = (await createRecipe(em, world.chef.user, [world.categories[0]!])).id;
    hidden = (await createRecipe(em, world.chef.user, [world.categories[0]!])).id;
    // Saved and reacted to before it is hidden, so the saved list and trending would show it.
    await server.caller(world.user.token).recipes.save({ id: hidden });
    await server.caller(world.user.token).recipes.react({ id: hidden, reaction_type: 'LIKE' });
    await server.caller(world.admin.token).moderation.act({
      target_type: 'recipe',
      target_id: hidden,
      action: 'hide',
      reason: REASON,
    });
  });

  const get = (url: string, token?: string) =>
    contract.inject(server.app, { method: 'GET', url, headers: token ? bearer(token) : {} });
  const ids = (results: { id: number }[]) => results.map((recipe) => recipe.id);

  describe('a hidden recipe', () => {
    it('answers 404 on its detail to visitors and other members (REST and tRPC)', async () => {
      expect((await get(`/api/recipes/lists/${hidden}/`)).statusCode).toBe(404);
      expect((await get(`/api/recipes/lists/${hidden}/`, world.user.token)).statusCode).toBe(404);
      await expect(server.caller(null).recipes.get({ id: hidden })).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
      await expect(
        server.caller(world.user.token).recipes.get({ id: hidden }),
      ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    });

    it('shows its author and Admins the recipe with why it is hidden', async () => {
      const mine = await get(`/api/recipes/lists/${hidden}/`, world.chef.token);
      expect(mine.statusCode).toBe(200);
      expect(mine.json().hidden).toEqual({ reason: REASON });
      const admin = await server.caller(world.admin.token).recipes.get({ id: hidden });
      expect(admin.hidden).toEqual({ reason: REASON });
      const visible = await server.caller(world.chef.token).recipes.get({ id: shown });
      expect(visible).not.toHaveProperty('hidden');
    });

    it('is left out of the newest-first list, a category and the search', async () => {
      const list = await get('/api/recipes/lists/');
      expect(ids(list.json().results)).toEqual([shown]);
      expect(list.json().count).toBe(1);
      const category = await server
        .caller(null)
        .recipes.list({ page: 1, categories: [world.categories[0]!.id] });
      expect(ids(category.results)).toEqual([shown]);
      expect(category.count).toBe(1);
      const search = await get('/api/recipes/lists/?search=beef');
      // The search's count may still include a hidden match (recipe-list.ts): its page never does.
      expect(ids(search.json().results)).toEqual([shown]);
    });

    it('is left out of trending and of the saved list', async () => {
      expect(ids((await get('/api/recipes/lists/most_liked/')).json())).toEqual([shown]);
      const trending = await server.caller(null).recipes.trending();
      expect(ids(trending)).toEqual([shown]);
      const saved = await get('/api/recipes/lists/?saved_recipes=true', world.user.token);
      expect(ids(saved.json().results)).toEqual([]);
      expect(saved.json().count).toBe(0);
    });

    it('shows in by-user to Admins, marked hidden', async () => {
      const page = await server
        .caller(world.admin.token)
        .recipes.byUser({ email: world.chef.user.email, page: 1 });
      const found = page.results.data.find((recipe) => recipe.id === hidden);
      expect(found?.hidden).toEqual({ reason: REASON });
    });

    it('is gone from its server-rendered page and the sitemap', async () => {
      expect((await server.app.inject({ url: `/recipes/${hidden}` })).statusCode).toBe(404);
      expect((await server.app.inject({ url: `/recipes/${shown}` })).statusCode).toBe(200);
      const sitemap = (await server.app.inject({ url: '/sitemaps/recipes-1.xml' })).body;
      expect(sitemap).toContain(`/recipes/${shown}<`);
      expect(sitemap).not.toContain(`/recipes/${hidden}<`);
    });

    it('has its reviews answer 404 to anyone who cannot read it', async () => {
      expect((await get(`/api/recipes/reviews/?recipe=${hidden}`)).statusCode).toBe(404);
      expect(
        (await get(`/api/recipes/reviews/?recipe=${hidden}`, world.chef.token)).statusCode,
      ).toBe(200);
    });

    it('comes back everywhere once restored', async () => {
      await server.caller(world.admin.token).moderation.act({
        target_type: 'recipe',
        target_id: hidden,
        action: 'restore',
        reason: 'Checked: the links are fine.',
      });
      expect((await get(`/api/recipes/lists/${hidden}/`)).statusCode).toBe(200);
      expect(ids((await get('/api/recipes/lists/')).json().results)).toEqual([hidden, shown]);
      expect((await get('/api/recipes/lists/')).json().count).toBe(2);
    });
  });

  describe('a hidden comment or review', () => {
    it('leaves the recipe, its comments, its reviews and their counts', async () => {
      const author = server.caller(world.user.token);
      const comment = await author.comments.create({ recipe: shown, content: 'Buy cheap pills' });
      await author.comments.create({ recipe: shown, content: 'Lovely' });
      const review = await author.reviews.create({ recipe: shown, rating: 1, body: 'Spam' });
      await server.caller(world.other.token).reviews.create({ recipe: shown, rating: 5 });
      const admin = server.caller(world.admin.token);
      const hide = { action: 'hide', reason: 'Spam.' } as const;
      await admin.moderation.act({ target_type: 'comment', target_id: comment.id, ...hide });
      await admin.moderation.act({ target_type: 'review', target_id: review.id, ...hide });

      const detail = (await get(`/api/recipes/lists/${shown}/`)).json();
      expect(detail.comments.map((c: { content: string }) => c.content)).toEqual(['Lovely']);
      expect(detail.review_count).toBe(1);
      expect(detail.average_rating).toBe(5);
      const listed = (await get('/api/recipes/lists/')).json().results[0];
      expect(listed.comments.map((c: { content: string }) => c.content)).toEqual(['Lovely']);
      const reviews = (await get(`/api/recipes/reviews/?recipe=${shown}`)).json();
      expect(reviews.map((r: { rating: number }) => r.rating)).toEqual([5]);
    });
  });
});
