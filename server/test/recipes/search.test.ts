import { beforeEach, describe, expect, it } from 'vitest';
import type { Category } from '../../src/modules/recipes/data/category.entity.js';
import { Recipe } from '../../src/modules/recipes/data/recipe.entity.js';
import { bearer } from '../support/account-server.js';
import { useRecipeListServer, type ListPage as Page } from '../support/recipe-list-server.js';
import { recipeBody, type RecipeWorld } from '../support/recipe-world.js';
import { forEachDatabase } from '../support/test-database.js';

/**
 * Search quality on the real full-text indexes (FTS5 on SQLite, InnoDB FULLTEXT on MariaDB),
 * through REST (answers checked against the OpenAPI document) and tRPC.
 */
forEachDatabase(({ orm, db }) => {
  const { server, world, inject, get } = useRecipeListServer(db);
  let minute = 0;
  beforeEach(() => {
    minute = 0;
  });

  /** One recipe, each a minute newer than the one before (so "newest first" is known). */
  async function addRecipe(
    title: string,
    {
      ingredients = 'rice\nwater',
      instructions = 'Boil.',
      categories = [world().categories[0]!],
      author = world().chef.user,
    }: {
      ingredients?: string;
      instructions?: string;
      categories?: Category[];
      author?: RecipeWorld['chef']['user'];
    } = {},
  ): Promise<Recipe> {
    const em = orm().em.fork();
    const recipe = em.create(Recipe, { title, img: null, ingredients, instructions, author });
    recipe.categories.set(categories);
    await em.flush();
    minute++;
    await em.nativeUpdate(
      Recipe,
      { id: recipe.id },
      { createdAt: new Date(Date.UTC(2025, 0, 1, 0, minute)) },
    );
    return recipe;
  }

  async function search(query: string, extra = '', token?: string): Promise<Page> {
    const response = await get(
      `/api/recipes/lists/?search=${encodeURIComponent(query)}${extra}`,
      token,
    );
    expect(response.statusCode, query).toBe(200);
    return response.json() as Page;
  }
  const titles = async (query: string, extra = '', token?: string) =>
    (await search(query, extra, token)).results.map((r) => r.title);
  const sorted = async (query: string, extra = '') => (await titles(query, extra)).sort();

  describe('GET /api/recipes/lists/?search=', () => {
    it('finds a word in the title, the ingredients, the instructions or a category name', async () => {
      const [curry, dessert] = world().categories as [Category, Category];
      await addRecipe('Saffron Rice', { categories: [curry] });
      await addRecipe('Beef Bhuna', { ingredients: '1 kg beef\nginger', categories: [curry] });
      await addRecipe('Plain Dal', { instructions: 'Temper with cumin.', categories: [curry] });
      await addRecipe('Mango Lassi', { categories: [dessert] });
      expect(await titles('saffron')).toEqual(['Saffron Rice']);
      expect(await titles('GINGER')).toEqual(['Beef Bhuna']);
      expect(await titles('cumin')).toEqual(['Plain Dal']);
      expect(await titles('dessert')).toEqual(['Mango Lassi']);
      expect(await server.caller(null).recipes.list({ search: 'cumin' })).toEqual(
        await search('cumin'),
      );
    });

    it('ignores accents both ways', async () => {
      await addRecipe('Crème brûlée', { ingredients: 'cream\nsugar' });
      await addRecipe('Creme caramel', { ingredients: 'milk\neggs' });
      expect(await titles('creme brulee')).toEqual(['Crème brûlée']);
      expect(await sorted('crème')).toEqual(['Creme caramel', 'Crème brûlée']);
      expect(await titles('CRÈME CARAMEL')).toEqual(['Creme caramel']);
    });

    it('needs every word, in any of the fields, and matches word prefixes', async () => {
      await addRecipe('Saffron Rice', { ingredients: 'basmati\ncardamom pods' });
      await addRecipe('Saffron Milk', { ingredients: 'milk\nsugar' });
      await addRecipe('Tomato Soup', { instructions: 'Blend the tomatoes.' });
      expect(await titles('saffron cardamom')).toEqual(['Saffron Rice']);
      expect(await titles('cardamom saffron')).toEqual(['Saffron Rice']);
      expect(await sorted('saffron')).toEqual(['Saffron Milk', 'Saffron Rice']);
      expect(await titles('saffron tomato')).toEqual([]);
      expect(await titles('tomat')).toEqual(['Tomato Soup']);
      expect(await titles('blend tomat')).toEqual(['Tomato Soup']);
    });

    it('ranks title matches above instruction-only matches', async () => {
      await addRecipe('Saffron Rice');
      await addRecipe('Plain Pilaf', { instructions: 'Stir in a pinch of saffron.' });
      await addRecipe('Saffron Kheer');
      await addRecipe('Chicken Roast', { instructions: 'Rub with saffron butter.' });
      const found = await titles('saffron');
      expect(found.slice(0, 2).sort()).toEqual(['Saffron Kheer', 'Saffron Rice']);
      expect(found.slice(2).sort()).toEqual(['Chicken Roast', 'Plain Pilaf']);
      expect(found).toHaveLength(4);
    });

    it('keeps short and very common words working (the MariaDB index leaves them out)', async () => {
      await addRecipe('Leg of Lamb', { instructions: 'Roast it.' });
      await addRecipe('Fish Curry');
      expect(await titles('leg of lamb')).toEqual(['Leg of Lamb']);
      expect(await titles('of')).toEqual(['Leg of Lamb']);
      expect(await titles('the fish')).toEqual(['Fish Curry']);
    });

    it('answers count 0 and no results on page 1 when nothing matches, 404 beyond', async () => {
      await addRecipe('Saffron Rice');
      const page = await search('zanzibar');
      expect(page).toEqual({ count: 0, next: null, previous: null, results: [] });
      expect((await get('/api/recipes/lists/?search=zanzibar&page=2')).statusCode).toBe(404);
    });

    it('answers 200 for full-text syntax in the input, never 500', async () => {
      await addRecipe('Egg Curry', { ingredients: 'eggs\nonion' });
      const inputs = [
        '"',
        '"egg',
        '*',
        'egg*',
        '-foo',
        'egg -onion',
        'NEAR(',
        'NEAR(egg onion)',
        'egg OR onion',
        'egg AND',
        'NOT egg',
        'title:egg',
        ':',
        '(',
        ')',
        '()',
        '+egg',
        '~egg',
        '@egg',
        '>egg <onion',
        "egg's",
        '\\',
        '%',
        '_',
        '^egg',
        '{title}: egg',
      ];
      for (const input of inputs) {
        const response = await get(`/api/recipes/lists/?search=${encodeURIComponent(input)}`);
        expect(response.statusCode, input).toBe(200);
        await expect(server.caller(null).recipes.list({ search: input })).resolves.toBeDefined();
      }
      // The syntax is read as plain words: these still find the recipe.
      expect(await titles('egg OR onion')).toEqual(['Egg Curry']);
      expect(await titles('NEAR(egg onion)')).toEqual([]);
      expect(await titles('title:egg')).toEqual([]);
      expect(await titles('"egg')).toEqual(['Egg Curry']);
    });

    it('follows updates, deletes, category changes and category renames', async () => {
      const [curry, dessert] = world().categories as [Category, Category];
      const recipe = await addRecipe('Saffron Rice', { categories: [curry] });
      const put = await inject({
        method: 'PUT',
        url: `/api/recipes/lists/${recipe.id}/`,
        headers: bearer(world().chef.token),
        payload: recipeBody([dessert.id], {
          title: 'Pistachio Kulfi',
          ingredients: 'milk\npistachios',
          instructions: 'Freeze overnight.',
        }),
      });
      expect(put.statusCode).toBe(200);
      expect(await titles('saffron')).toEqual([]);
      expect(await titles('curry')).toEqual([]);
      expect(await titles('pistachio')).toEqual(['Pistachio Kulfi']);
      expect(await titles('freeze dessert')).toEqual(['Pistachio Kulfi']);

      await server
        .caller(world().admin.token)
        .categories.rename({ id: dessert.id, name: 'Frozen Treats' });
      expect(await titles('dessert')).toEqual([]);
      expect(await titles('frozen treats')).toEqual(['Pistachio Kulfi']);

      const del = await inject({
        method: 'DELETE',
        url: `/api/recipes/lists/${recipe.id}/`,
        headers: bearer(world().chef.token),
      });
      expect(del.statusCode).toBe(204);
      expect((await search('pistachio')).count).toBe(0);
    });

    it('combines with the category filter, my_recipes and saved_recipes', async () => {
      const [curry, dessert] = world().categories as [Category, Category];
      await addRecipe('Saffron Rice', { categories: [curry] });
      const kheer = await addRecipe('Saffron Kheer', {
        categories: [dessert],
        author: world().user.user,
      });
      await addRecipe('Mango Kheer', { categories: [dessert] });
      expect(await titles('saffron', `&categories=${dessert.id}`)).toEqual(['Saffron Kheer']);
      expect(await titles('kheer', `&categories=${curry.id}`)).toEqual([]);
      expect(await titles('saffron', '&my_recipes=true', world().user.token)).toEqual([
        'Saffron Kheer',
      ]);
      const save = await inject({
        method: 'POST',
        url: `/api/recipes/lists/${kheer.id}/save/`,
        headers: bearer(world().other.token),
      });
      expect(save.statusCode).toBe(200);
      expect(await titles('kheer', '&saved_recipes=true', world().other.token)).toEqual([
        'Saffron Kheer',
      ]);
      const page = await search('kheer', `&categories=${dessert.id}`);
      expect(page.count).toBe(2);
    });

    it('pages the matches 10 at a time, equal matches newest first, search kept in the links', async () => {
      for (let i = 1; i <= 12; i++) await addRecipe(`Saffron Dish ${i}`);
      await addRecipe('Plain Rice');
      const first = await search('saffron');
      expect(first.count).toBe(12);
      expect(first.results).toHaveLength(10);
      expect(first.next).toBe('/api/recipes/lists/?page=2&search=saffron');
      const second = await search('saffron', '&page=2');
      expect(second.results).toHaveLength(2);
      // Equally good matches: newest first.
      expect([...first.results, ...second.results].map((r) => r.title)).toEqual(
        Array.from({ length: 12 }, (_, i) => `Saffron Dish ${12 - i}`),
      );
    });
  });
});
