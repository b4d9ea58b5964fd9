import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startAccountServer, type AccountServer } from '../support/account-server.js';
import { OpenApiContract } from '../support/openapi-contract.js';
import { recipeWorld } from '../support/recipe-world.js';
import { addSearchFixture, type SearchFixture } from '../support/search-fixture.js';
import { forEachDatabase } from '../support/test-database.js';

interface Page {
  count: number;
  next: string | null;
  previous: string | null;
  results: { id: number; title: string }[];
}

/**
 * A judged query set: on a hand-written fixture (test/support/search-fixture.ts) each query's
 * best answers are fixed by hand, and both databases must give them, through REST (answers
 * checked against the OpenAPI document). `first` lists the top results in order; `then` the
 * results right after them, in any order (equally good by design, or ranked by fine details of
 * BM25 the judgement does not fix); `count` is every match.
 */
interface Judged {
  query: string;
  why: string;
  first?: string[];
  then?: string[];
  count: number;
}

const JUDGED: Judged[] = [
  {
    query: 'saffron rice',
    why: 'exact title first, though oldest',
    first: ['Saffron Rice'],
    then: ['Saffron Rice Pudding', 'Rice and Saffron Pilaf'],
    count: 4,
  },
  { query: 'rice saffron', why: 'word order does not matter', first: ['Saffron Rice'], count: 4 },
  {
    query: 'saffron',
    why: 'title matches above the ingredient-only match',
    then: ['Saffron Rice', 'Saffron Rice Pudding', 'Rice and Saffron Pilaf'],
    count: 4,
  },
  {
    query: 'cardamom',
    why: 'title above a newer ingredient match',
    first: ['Cardamom Tea', 'Mango Lassi'],
    count: 2,
  },
  {
    query: 'ginger',
    why: 'title, then ingredients, then a newer instructions-only match',
    first: ['Ginger Beer', 'Beef Bhuna', 'Plain Dal'],
    count: 3,
  },
  {
    query: 'chicken lemon',
    why: 'all words required; more words in the title first',
    first: ['Lemon Chicken', 'Chicken Roast', 'Herb Stew'],
    count: 3,
  },
  { query: 'lemon chicken', why: 'exact title first', first: ['Lemon Chicken'], count: 3 },
  {
    query: 'creme brulee',
    why: 'accents fold (query without, title with)',
    first: ['Crème brûlée'],
    count: 1,
  },
  {
    query: 'crème',
    why: 'accents fold (query with, title without)',
    then: ['Crème brûlée', 'Creme Caramel'],
    count: 2,
  },
  { query: 'CRÈME CARAMEL', why: 'case and accents fold', first: ['Creme Caramel'], count: 1 },
  { query: 'MANGO LASSI', why: 'case folds', first: ['Mango Lassi'], count: 1 },
  {
    query: 'tomat',
    why: 'a prefix; tomato and tomatoes in one recipe count once',
    first: ['Tomato Soup', 'Shakshuka'],
    count: 2,
  },
  {
    query: 'breakfast',
    why: 'title above category-name matches',
    first: ['Breakfast Burrito'],
    then: ['Shakshuka', 'Masala Omelette'],
    count: 3,
  },
  {
    query: 'dessert',
    why: 'a category name matches its recipes',
    then: ['Oxford Pudding', 'Crème brûlée', 'Creme Caramel', 'Saffron Rice Pudding'],
    count: 4,
  },
  {
    query: 'simmer',
    why: 'instructions-only matches are found',
    then: ['Ox Tail Soup', 'Shakshuka', 'Saffron Rice Pudding'],
    count: 3,
  },
  { query: 'zanzibar', why: 'no match', first: [], count: 0 },
  {
    query: 'of',
    why: 'only common words: they are searched (whole word, two letters)',
    first: ['Leg of Lamb'],
    count: 1,
  },
  {
    query: 'leg of lamb',
    why: 'common words left out; the title is exact',
    first: ['Leg of Lamb'],
    count: 1,
  },
  {
    query: 'ox',
    why: 'a two-letter word matches whole words only (not Oxford, oxtail)',
    first: ['Ox Tail Soup'],
    count: 1,
  },
  {
    query: '+saffron* (rice) -pudding',
    why: 'FTS/boolean syntax is read as plain words',
    first: ['Saffron Rice Pudding'],
    count: 1,
  },
  {
    query: '"mango" lassi*',
    why: 'quotes and stars are not syntax',
    first: ['Mango Lassi'],
    count: 1,
  },
  {
    query: 'title:saffron OR rice',
    why: 'no column filter, OR is a common word: "title" must match',
    first: [],
    count: 0,
  },
  { query: 'ইলিশ', why: 'a Bengali word (vowel signs kept)', first: ['ভাপা ইলিশ'], count: 1 },
  {
    query: 'rice',
    why: 'title matches above 13 ingredient matches, most of them newer',
    then: [
      'Saffron Rice',
      'Saffron Rice Pudding',
      'Rice and Saffron Pilaf',
      'Jeera Rice',
      'Jeera Rice',
      'Jeera Rice',
    ],
    count: 19,
  },
];

let contract: OpenApiContract;
beforeAll(async () => {
  contract = await OpenApiContract.load();
});

forEachDatabase(({ orm, db }) => {
  let server: AccountServer;
  let fixture: SearchFixture;
  beforeAll(async () => {
    server = await startAccountServer(db());
    fixture = await addSearchFixture(orm(), await recipeWorld(orm()));
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });
  afterEach(() => {
    server.deps.recipeLimits.searchWindow = undefined;
  });

  async function search(query: string, extra = ''): Promise<Page> {
    const url = `/api/recipes/lists/?search=${encodeURIComponent(query)}${extra}`;
    const response = await contract.inject(server.app, { method: 'GET', url });
    expect(response.statusCode, url).toBe(200);
    return response.json() as Page;
  }
  /** Every result of `query`, page by page, as fixture indexes (oldest recipe 0). */
  async function allIndexes(query: string): Promise<number[]> {
    const found: number[] = [];
    for (let page = 1; ; page++) {
      const answer = await search(query, `&page=${page}`);
      found.push(...answer.results.map((result) => fixture.ids.indexOf(result.id)));
      if (answer.next === null) return found;
    }
  }
  const range = (from: number, to: number) =>
    Array.from({ length: Math.abs(to - from) + 1 }, (_, i) => (from > to ? from - i : from + i));

  describe('GET /api/recipes/lists/?search= (judged query set)', () => {
    it.each(JUDGED)('$query: $why', async ({ query, first = [], then = [], count }) => {
      const page = await search(query);
      const titles = page.results.map((result) => result.title);
      expect(page.count).toBe(count);
      expect(titles.slice(0, first.length)).toEqual(first);
      expect(titles.slice(first.length, first.length + then.length).sort()).toEqual(
        [...then].sort(),
      );
      if (count === 0) expect(page).toEqual({ count: 0, next: null, previous: null, results: [] });
    });

    it('orders equal matches newest first', async () => {
      const jeera = fixture.titles.flatMap((title, i) => (title === 'Jeera Rice' ? [i] : []));
      const page = await search('jeera');
      expect(page.results.map((result) => fixture.ids.indexOf(result.id))).toEqual(
        [...jeera].reverse(),
      );
    });

    it('answers the same through tRPC and with a category filter', async () => {
      expect(await server.caller(null).recipes.list({ search: 'chicken lemon' })).toEqual(
        await search('chicken lemon'),
      );
      const dessert = fixture.categories.get('Dessert')!.id;
      const filtered = await search('saffron', `&categories=${dessert}`);
      expect(filtered.results.map((result) => result.title)).toEqual(['Saffron Rice Pudding']);
      expect(filtered.count).toBe(1);
    });
  });

  describe('GET /api/recipes/lists/?search= (a small ranked window)', () => {
    it('ranks the newest title matches and the newest matches, then every other match newest first', async () => {
      // "rice": title matches 0, 19, 20, 23-25; the newest 2 are 25, 24 (Jeera Rice). The newest
      // 3 matches are bowls 37, 36, 35. The other 14 follow by age: bowls 34-26, then 23, 21,
      // 20, 19 and 0, title matches among them (older than the title window).
      server.deps.recipeLimits.searchWindow = { titles: 2, matches: 3 };
      expect(await allIndexes('rice')).toEqual([
        25,
        24,
        37,
        36,
        35,
        ...range(34, 26),
        23,
        21,
        20,
        19,
        0,
      ]);
    });

    it('puts a title match older than the title window after the window', async () => {
      // "saffron" title matches: 0, 19, 20. With a title window of 2, recipe 0 is not in it.
      server.deps.recipeLimits.searchWindow = { titles: 2, matches: 1 };
      const order = await allIndexes('saffron');
      expect(order.slice(0, 2).sort()).toEqual([19, 20]);
      expect(order.slice(2)).toEqual([21, 0]);
      // With room for all three, the shortest title ranks first among them.
      server.deps.recipeLimits.searchWindow = { titles: 3, matches: 1 };
      const wider = await allIndexes('saffron');
      expect(wider.slice(0, 3).sort((a, b) => a - b)).toEqual([0, 19, 20]);
      expect(wider[3]).toBe(21);
    });

    it('gives every match exactly once across the pages, as many as the count', async () => {
      server.deps.recipeLimits.searchWindow = { titles: 1, matches: 2 };
      for (const query of ['rice', 'saffron rice', 'simmer', 'tomat']) {
        const order = await allIndexes(query);
        expect(new Set(order).size, query).toBe(order.length);
        expect(order.length, query).toBe((await search(query)).count);
      }
    });
  });
});
