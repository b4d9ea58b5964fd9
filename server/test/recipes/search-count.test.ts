import { afterEach, describe, expect, it } from 'vitest';
import { Category } from '../../src/modules/recipes/data/category.entity.js';
import { MAX_EXPANDED_TERMS } from '../../src/modules/recipes/search/sqlite-search-index.js';
import { Recipe } from '../../src/modules/recipes/data/recipe.entity.js';
import { useRecipeListServer } from '../support/recipe-list-server.js';
import { forEachDatabase } from '../support/test-database.js';

/**
 * A search counts its matches exactly up to a cap (1,000; tests lower it) and estimates beyond,
 * so its cost does not grow with its matches (recipe-search.ts); a page that reaches the end of
 * the matches makes the count exact again, and a page past the real end answers 404.
 */
forEachDatabase(({ orm, dialect, db }) => {
  const { server, world, get, page } = useRecipeListServer(db);
  afterEach(() => {
    server.deps.recipeLimits.searchCountCap = undefined;
    server.deps.recipeLimits.searchWalkEntries = undefined;
  });

  /** `count` recipes titled `<word> Dish <i>`, newest last, each with `ingredient`. */
  async function addRecipes(count: number, title: (i: number) => string, ingredients = 'rice') {
    const em = orm().em.fork();
    for (let i = 0; i < count; i++) {
      em.create(Recipe, {
        title: title(i),
        img: null,
        ingredients,
        instructions: 'Boil.',
        author: world().chef.user,
      });
    }
    await em.flush();
  }

  describe('GET /api/recipes/lists/?search= (count)', () => {
    it('counts a small set exactly and says nothing of estimates', async () => {
      await addRecipes(35, (i) => `Saffron Dish ${i}`);
      const first = await page('/api/recipes/lists/?search=saffron');
      expect(first.count).toBe(35);
      expect(first).not.toHaveProperty('count_is_estimate');
      const last = await page('/api/recipes/lists/?search=saffron&page=4');
      expect(last.results).toHaveLength(5);
      expect(last.next).toBeNull();
      expect((await get('/api/recipes/lists/?search=saffron&page=5')).statusCode).toBe(404);
    });

    it('estimates past the cap, says so, and pages on through next links', async () => {
      await addRecipes(35, (i) => `Saffron Dish ${i}`);
      const exact = await page('/api/recipes/lists/?search=saffron');
      server.deps.recipeLimits.searchCountCap = 10;
      const first = await page('/api/recipes/lists/?search=saffron');
      expect(first.count_is_estimate).toBe(true);
      expect(Number.isInteger(first.count)).toBe(true);
      expect(first.count).toBeGreaterThan(10);
      // The same recipes in the same order: only the count differs.
      expect(first.results).toEqual(exact.results);
      expect(first.next).toBe('/api/recipes/lists/?page=2&search=saffron');
      // tRPC answers the same, the flag included.
      expect(await server.caller(null).recipes.list({ search: 'saffron' })).toEqual(first);
      const seen = [...first.results];
      let next = first.next;
      let last = first;
      while (next !== null) {
        last = await page(next);
        seen.push(...last.results);
        next = last.next;
      }
      expect(seen).toHaveLength(35);
      expect(new Set(seen.map((r) => r.id)).size).toBe(35);
      // The page that reached the end knows the true total.
      expect(last.count).toBe(35);
      expect(last).not.toHaveProperty('count_is_estimate');
    });

    it('tells a full page of an estimated count has a next one from the matches it found', async () => {
      // No title holds the word: the window is its 10 newest matches, and the count's sample
      // (cap + 1 = 21 newest) already says more than 10 exist, so page 1 reads nothing after the
      // window to offer page 2. Page 2 lies past the window and reads the matches after it.
      await addRecipes(35, (i) => `Pilaf ${i}`, 'saffron');
      server.deps.recipeLimits.searchCountCap = 20;
      server.deps.recipeLimits.searchWindow = { titles: 2, matches: 10 };
      const knex = orm().em.getConnection().getKnex();
      const afterWindow: string[] = [];
      const listener = (data: { sql: string }) => {
        if (/ not in \(/.test(data.sql)) afterWindow.push(data.sql);
      };
      knex.on('query', listener);
      try {
        const first = await page('/api/recipes/lists/?search=saffron');
        expect(first.count_is_estimate).toBe(true);
        expect(first.results).toHaveLength(10);
        expect(first.next).toBe('/api/recipes/lists/?page=2&search=saffron');
        expect(afterWindow).toHaveLength(0);
        const second = await page(first.next!);
        expect(afterWindow.length).toBeGreaterThan(0);
        const seen = new Set([...first.results, ...second.results].map((r) => r.id));
        expect(seen.size).toBe(20);
        expect(second.next).toBe('/api/recipes/lists/?page=3&search=saffron');
      } finally {
        knex.off('query', listener);
        server.deps.recipeLimits.searchWindow = undefined;
      }
      // The same pages as a count that knows every match (no estimate, no look-ahead).
      server.deps.recipeLimits.searchCountCap = undefined;
      const exact = await page('/api/recipes/lists/?search=saffron');
      expect(exact.count).toBe(35);
    });

    it('answers 404 for a page past the real end of an estimated count', async () => {
      await addRecipes(35, (i) => `Saffron Dish ${i}`);
      server.deps.recipeLimits.searchCountCap = 10;
      const response = await get('/api/recipes/lists/?search=saffron&page=5');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ detail: 'Invalid page.' });
    });

    it('keeps the count exact with a filter that leaves few of many matches', async () => {
      await addRecipes(30, (i) => `Saffron Dish ${i}`);
      const [curry] = world().categories as [Category];
      const em = orm().em.fork();
      const tagged = await em.find(Recipe, { title: { $like: 'Saffron Dish %5' } });
      for (const recipe of tagged) recipe.categories.add(em.getReference(Category, curry.id));
      await em.flush();
      server.deps.recipeLimits.searchCountCap = 10;
      const filtered = await page(`/api/recipes/lists/?search=saffron&categories=${curry.id}`);
      expect(filtered.count).toBe(tagged.length);
      expect(filtered.results).toHaveLength(tagged.length);
      expect(filtered).not.toHaveProperty('count_is_estimate');
    });

    it('finds old matches of words that seldom meet, past the bounded walk of its count', async () => {
      // MySQL's count walks the rarer word's newest recipes only (WALK_ENTRIES, 20 here): the
      // 50 newest "sorrel" recipes hold no "quince", the 30 older ones do.
      await addRecipes(30, (i) => `Quince Sorrel Tart ${i}`);
      await addRecipes(50, (i) => `Sorrel Soup ${i}`);
      await addRecipes(100, (i) => `Quince Jam ${i}`);
      server.deps.recipeLimits.searchWalkEntries = { titles: 20, sample: 20 };
      const first = await page('/api/recipes/lists/?search=quince%20sorrel');
      expect(first.results).toHaveLength(10);
      expect(first.results.every((r) => r.title.startsWith('Quince Sorrel Tart'))).toBe(true);
      if (dialect === 'mysql') expect(first.count_is_estimate).toBe(true);
      else expect(first.count).toBe(30);
      const seen = [...first.results];
      let last = first;
      while (last.next !== null) {
        last = await page(last.next);
        seen.push(...last.results);
      }
      expect(new Set(seen.map((r) => r.id)).size).toBe(30);
      expect(last.count).toBe(30);
      expect(last).not.toHaveProperty('count_is_estimate');
    });
  });

  describe('GET /api/recipes/lists/?search= (prefixes)', () => {
    it('finds every word a prefix covers, also past the expansion limit and after writes', async () => {
      await addRecipes(3, (i) => `Onion Bhaji ${i}`);
      await addRecipes(2, (i) => `Stew ${i}`, 'onions\ngarlic');
      expect((await page('/api/recipes/lists/?search=onion')).count).toBe(5);
      expect((await page('/api/recipes/lists/?search=onio%20garl')).count).toBe(2);
      // More stored words under one prefix than a search expands (SQLite: FTS5's own prefix).
      const many = MAX_EXPANDED_TERMS + 2;
      await addRecipes(many, (i) => `Qzx${String.fromCharCode(97 + i)}pie`);
      expect((await page('/api/recipes/lists/?search=qzx')).count).toBe(many);
      expect((await page('/api/recipes/lists/?search=qzxa')).count).toBe(1);
      // A word that appears with an edit and with a category rename is found at once.
      const em = orm().em.fork();
      const [stew] = await em.find(Recipe, { title: 'Stew 0' });
      stew!.title = 'Tomatillo Stew';
      await em.flush();
      expect((await page('/api/recipes/lists/?search=tomatil')).results[0]?.title).toBe(
        'Tomatillo Stew',
      );
      const [curry] = world().categories as [Category];
      stew!.categories.add(em.getReference(Category, curry.id));
      await em.flush();
      await em.nativeUpdate(Category, { id: curry.id }, { name: 'Zucchiniverse' });
      expect((await page('/api/recipes/lists/?search=zucchin')).count).toBeGreaterThan(0);
    });
  });
});
