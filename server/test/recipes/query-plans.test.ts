import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from '@mikro-orm/knex';
import { Recipe } from '../../src/modules/recipes/data/recipe.entity.js';
import { Comment } from '../../src/modules/comments/comment.entity.js';
import { Reaction } from '../../src/modules/reactions/reaction.entity.js';
import { SEARCH_WINDOW } from '../../src/modules/recipes/search/search.js';
import { searchIndexOf } from '../../src/services.js';
import { splitFullBlocks } from '../../src/modules/recipes/data/recipe-list-blocks.js';
import { Save } from '../../src/modules/saves/save.entity.js';
import { User } from '../../src/modules/users/user.entity.js';
import { bearer, startAccountServer, type AccountServer } from '../support/account-server.js';
import { createCategory } from '../support/db-factories.js';
import { recipeWorld, type RecipeWorld } from '../support/recipe-world.js';
import { forEachDatabase } from '../support/test-database.js';

/**
 * The hot reads' real SQL, captured from the running app, explained on a database with a few
 * thousand recipes (and fresh statistics): no full scan of a table (SQLite `SCAN x` without an
 * index, MySQL `type: ALL`), and no sort of recipe rows where an index can serve the order: not
 * of all recipes, and not of all of a category's recipes either (category pages read the pivot's
 * (category, created_at, recipe) index). Only reads the test marks as allowed to sort may sort
 * their matches: a user's few saves. A search finds its matches through its own index (FTS5 on
 * SQLite, the word tables on MySQL), walks them newest first in index order and stops at its
 * window (search/search.ts): its statements must not sort their matches either, and the ranking
 * reads at most the window's candidates. Sorting the page's 10 rows read by id, a window's few
 * ids, or a category union's few ids, is always fine.
 *
 * Lists that must cost the same on every page and for every category combination also get a
 * budget of rows per statement, measured by running it: MariaDB's ANALYZE (rows read, per
 * table, times its loops) and on SQLite the statement's virtual-machine steps from `sqlite_stmt`
 * (at most STEPS_PER_ROW per row read; an OFFSET steps through every row it skips). So a count
 * that scans the recipes again, or a deep page that skips 2,490 recipes instead of one block's
 * worth, fails here. Their counts must come from the counters: no statement of theirs counts
 * rows of `recipe` or `recipe_category` (SQLite counts a whole index in one step).
 */
const RECIPES = 3_000;
/** Recipes per block of the newest-first list in this test (recipe-list-blocks.ts). */
const BLOCK = 100;
/**
 * SQLite's budget in virtual-machine steps: STEPS_PER_ROW per row the budget allows, plus
 * PAGE_STEPS for joining the page's 10 rows, their decoration columns (categories, reactions,
 * comments: recipe-read.ts) and sorting them (measured: a decorated 10-row page about 1,000-1,300
 * steps, 450-550 before the decorations, a skipped or unioned index entry 3-6; page 250 by OFFSET took about 8,000).
 */
const STEPS_PER_ROW = 12;
const PAGE_STEPS = 1_400;
/**
 * MariaDB's allowance in rows for the same page work: the page's 10 recipes and authors, and
 * what the decoration columns read for them (recipe-read.ts: each row's categories, reactions
 * and comments through their recipe indexes; measured 73 rows for a page of the test's data).
 */
const PAGE_ROWS = 80;
const CATEGORIES = 10;
/** Recipes in the rare category: few enough that sorting them beats walking (c² < 10 · total). */
const RARE = 20;

interface Statement {
  sql: string;
  bindings: unknown[];
}
type PlanRow = Record<string, unknown>;

/** The main recipe query of a list, trending or detail read (not the per-page lookups). */
const readsRecipes = (sql: string) => /`recipe` r\b/.test(sql);
const isSearch = (sql: string) => / match \?|`recipe_search_(title_)?word`/.test(sql);
/** The ranking's read of its candidates' text (search/search.ts). */
const readsCandidates = (sql: string) => /`category_names` from `recipe` where `id` in/.test(sql);

forEachDatabase(({ orm, dialect, db }) => {
  let server: AccountServer;
  let world: RecipeWorld;
  let rare: { id: number };

  beforeAll(async () => {
    server = await startAccountServer(db());
    world = await recipeWorld(orm());
    const em = orm().em.fork();
    const categories = [...world.categories];
    while (categories.length < CATEGORIES) {
      categories.push(await createCategory(em, `Kind ${categories.length}`));
    }
    // Enough users that joining them by primary key beats reading the table.
    await em.insertMany(
      User,
      Array.from({ length: 300 }, (_, i) => ({
        email: `plan${i}@example.com`,
        firstName: `Plan${i}`,
        handle: `plan-${i}`,
        lastName: 'User',
        mobile: null,
        passwordHash: 'not-a-hash',
        role: 'User' as const,
        emailVerifiedAt: null,
        createdAt: new Date(),
      })),
    );
    const words = ['saffron', 'ginger', 'tomato', 'lentil', 'mango', 'cumin', 'garlic', 'onion'];
    const start = Date.UTC(2024, 0, 1);
    for (let from = 0; from < RECIPES; from += 500) {
      const rows = Array.from({ length: Math.min(500, RECIPES - from) }, (_, k) => {
        const i = from + k;
        return {
          title: `${words[i % words.length]} dish ${i}`,
          img: null,
          ingredients: `${words[(i * 3) % words.length]}\nwater\nsalt`,
          instructions: `Cook the ${words[(i * 5) % words.length]} slowly.`,
          author: [world.chef.user, world.user.user][i % 2]!.id,
          createdAt: new Date(start + i * 60_000),
          updatedAt: new Date(start + i * 60_000),
          reactionCount: i % 13,
          categoryNames: '',
        };
      });
      await em.insertMany(Recipe, rows);
    }
    const connection = em.getConnection();
    const ids = (
      (await connection.execute('select `id` from `recipe` order by `id`')) as { id: number }[]
    ).map((row) => Number(row.id));
    // Raw multi-row inserts: quick, and they fire the category-name triggers like any write.
    for (let from = 0; from < ids.length; from += 500) {
      const chunk = ids.slice(from, from + 500);
      await connection.execute(
        `insert into \`recipe_category\` (\`recipe_id\`, \`category_id\`) values ${chunk.map(() => '(?, ?)').join(', ')}`,
        chunk.flatMap((id, k) => [id, categories[(from + k) % CATEGORIES]!.id]),
      );
    }
    rare = await createCategory(em, 'Rare');
    await connection.execute(
      `insert into \`recipe_category\` (\`recipe_id\`, \`category_id\`) values ${ids
        .slice(0, RARE)
        .map(() => '(?, ?)')
        .join(', ')}`,
      ids.slice(0, RARE).flatMap((id) => [id, rare.id]),
    );
    const people = [world.admin, world.chef, world.user, world.other].map((m) => m.user);
    em.clear();
    for (const [k, id] of ids.filter((_, i) => i % 5 === 0).entries()) {
      em.create(Comment, { user: people[k % people.length]!.id, recipe: id, content: 'Lovely.' });
      if (k < 40) em.create(Save, { user: world.other.user.id, recipe: id, createdAt: new Date() });
    }
    // Reactions on a third of the recipes: with none, MariaDB rightly reads the empty table
    // rather than its index, which says nothing about the plan on real data.
    for (const [k, id] of ids.filter((_, i) => i % 3 === 0).entries()) {
      em.create(Reaction, { user: people[k % people.length]!.id, recipe: id, type: 'LIKE' });
    }
    await em.flush();
    if (dialect === 'sqlite') {
      await connection.execute('analyze');
    } else {
      await connection.execute(
        'analyze table `recipe`, `recipe_category`, `category`, `reaction`, `comment`, `save`, `user`',
      );
    }
    // Bulk inserts land in the oldest block; split them as a create would (recipe-write.ts).
    server.deps.recipeLimits.listBlockSize = BLOCK;
    await splitFullBlocks(db(), orm().em.fork(), BLOCK);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  /** Every statement `call` sends to the database. */
  async function capture(call: () => Promise<unknown>): Promise<Statement[]> {
    const knex = orm().em.getConnection().getKnex() as Knex;
    const statements: Statement[] = [];
    const listener = (data: { sql: string; bindings?: unknown[] }) => {
      statements.push({ sql: data.sql, bindings: [...(data.bindings ?? [])] });
    };
    knex.on('query', listener);
    try {
      await call();
    } finally {
      knex.off('query', listener);
    }
    return statements;
  }

  async function explain(statement: Statement): Promise<PlanRow[]> {
    // MariaDB's time limit wraps the select; EXPLAIN wants the select itself.
    const sql = statement.sql.replace(/^set statement [^ ]+ for /i, '');
    const prefix = dialect === 'sqlite' ? 'explain query plan ' : 'explain ';
    return (await orm()
      .em.getConnection()
      .execute(prefix + sql, statement.bindings)) as PlanRow[];
  }

  /**
   * Problems in the plan of one statement, as readable lines (empty when the plan is fine). A
   * sort is a problem when a list query sorts recipe rows it read from a table or an index (all
   * recipes, or all of a filter's matches) rather than the page's ids from its subquery, unless
   * `maySort` (the filter is rare enough that sorting its matches is the plan, see
   * walksNewestFirst) or the statement is a search (which ranks its matches).
   */
  function problems(sql: string, plan: PlanRow[], maySort: boolean): string[] {
    const found: string[] = [];
    const checkSorts = readsRecipes(sql) && !maySort && !isSearch(sql);
    // A search's newest-first walk must come in index order: a sort would read every match.
    const walksSearch = isSearch(sql) && / order by /.test(sql);
    if (dialect === 'sqlite') {
      // A subquery's rows (the page's ids) are read by scanning the subquery: that is no table.
      const derived = new Set(
        plan.flatMap(
          (row) => /^(?:CO-ROUTINE|MATERIALIZE) (\S+)/.exec(String(row.detail))?.[1] ?? [],
        ),
      );
      const scanned = (row: PlanRow) => /^SCAN (\S+)/.exec(String(row.detail))?.[1];
      // Sorts are compared per query level (`parent`): the level that reads the page's ids from
      // its subquery sorts those 10 rows, any other level sorts what it read from tables.
      const readsPageAt = new Set(
        plan.filter((row) => derived.has(scanned(row) ?? '')).map((row) => row.parent),
      );
      for (const row of plan) {
        const detail = String(row.detail);
        // The page's ids must drive the join: probing the page for every recipe read by walking
        // an index (an automatic index or a Bloom filter on the page) reads every recipe.
        const probed = /^(?:SEARCH|BLOOM FILTER ON) (\S+)/.exec(detail)?.[1];
        if (probed && derived.has(probed)) found.push(`page probed per recipe: ${detail}`);
        const table = scanned(row);
        if (table && !derived.has(table) && !/USING (COVERING )?INDEX|VIRTUAL TABLE/.test(detail)) {
          found.push(`full scan: ${detail}`);
        }
        if (
          checkSorts &&
          /USE TEMP B-TREE FOR ORDER BY/.test(detail) &&
          !readsPageAt.has(row.parent)
        ) {
          found.push(`sort of recipe rows: ${detail}`);
        }
        if (walksSearch && /USE TEMP B-TREE FOR ORDER BY/.test(detail)) {
          found.push(`sort of a search's matches: ${detail}`);
        }
      }
    } else {
      for (const row of plan) {
        const table = String(row.table);
        // Derived tables and union results hold rows read elsewhere; the blocks are few by design
        // (one per BLOCK_SIZE recipes), read whole to add up their counts.
        const derived = /^<(derived|subquery|union)/.test(table) || table === 'recipe_list_block';
        if (row.type === 'ALL' && !derived) found.push(`full scan of ${table}`);
        // MySQL reports a sort on the first table of the join it sorts: the page's subquery
        // (`<derived2>`) when it sorts the page, a table when it sorts everything it read.
        if (checkSorts && !derived && /Using filesort/.test(String(row.Extra))) {
          found.push(`sort of recipe rows (${table}): ${String(row.Extra)}`);
        }
        // The union of a walk's branches (<derived>) sorts at most their limits: that is fine.
        if (walksSearch && !derived && /Using filesort/.test(String(row.Extra))) {
          found.push(`sort of a search's matches (${table}): ${String(row.Extra)}`);
        }
      }
    }
    if (isSearch(sql)) {
      const usesIndex = plan.some((row) =>
        dialect === 'sqlite'
          ? /VIRTUAL TABLE INDEX/.test(String(row.detail))
          : /^(range|ref|eq_ref)$/.test(String(row.type)) && row.key !== null,
      );
      if (!usesIndex) found.push("the search does not use the search's index");
    }
    return found;
  }

  /** The reads `call` sends; not the one-off probe of the server's full-text settings. */
  async function readsOf(call: () => Promise<unknown>): Promise<Statement[]> {
    return (await capture(call)).filter(
      (s) =>
        /^(set statement [^ ]+ for )?select /i.test(s.sql) &&
        !/information_schema|@@innodb/.test(s.sql),
    );
  }

  /** MariaDB: rows the statement reads (ANALYZE), over every table and loop. */
  function rowsRead(node: unknown): number {
    if (Array.isArray(node)) return node.reduce((sum: number, item) => sum + rowsRead(item), 0);
    if (node === null || typeof node !== 'object') return 0;
    const record = node as Record<string, unknown>;
    // Tables only: a derived table or union result (`<derived2>`) holds rows already counted.
    const own =
      typeof record.table_name === 'string' &&
      !record.table_name.startsWith('<') &&
      typeof record.r_rows === 'number'
        ? Number(record.r_loops ?? 1) * record.r_rows
        : 0;
    return own + Object.values(record).reduce((sum: number, value) => sum + rowsRead(value), 0);
  }

  /** What running the statement costs: MariaDB rows read, SQLite VM steps (see the top). */
  async function work(statement: Statement): Promise<number> {
    const connection = orm().em.getConnection();
    const sql = statement.sql.replace(/^set statement [^ ]+ for /i, '');
    if (dialect !== 'sqlite') {
      const [row] = (await connection.execute(
        `analyze format=json ${sql}`,
        statement.bindings,
      )) as Record<string, string>[];
      return rowsRead(JSON.parse(Object.values(row ?? {})[0] ?? '{}'));
    }
    // The app's connection keeps its statements prepared (sqlite-statement-cache.ts), so the
    // counters of this text add up across runs: the difference is this run's.
    const steps = async () => {
      const rows = (await connection.execute(
        'select coalesce(sum(`nstep`), 0) as `n` from `sqlite_stmt` where `sql` = ?',
        [sql],
      )) as { n: number }[];
      return Number(rows[0]?.n ?? 0);
    };
    const before = await steps();
    await connection.execute(sql, statement.bindings);
    return (await steps()) - before;
  }

  /** Statements of a list whose count must come from the counters: they count no recipe rows. */
  function countsRows(sql: string, plan: PlanRow[]): boolean {
    // A count statement, not a page whose decoration columns count each row's reactions.
    if (!/^(set statement [^ ]+ for )?select count\(/i.test(sql)) return false;
    return plan.some((row) =>
      /^(recipe|recipe_category|r|rc)$/.test(
        dialect === 'sqlite'
          ? (/^(?:SCAN|SEARCH) (\S+)/.exec(String(row.detail))?.[1] ?? '')
          : String(row.table),
      ),
    );
  }

  async function expectIndexedReads(
    call: () => Promise<unknown>,
    minimum: number,
    {
      maySort = false,
      counted = readsRecipes,
      maxRows,
    }: { maySort?: boolean; counted?: (sql: string) => boolean; maxRows?: number } = {},
  ) {
    const statements = await readsOf(call);
    expect(statements.filter((s) => counted(s.sql)).length).toBeGreaterThanOrEqual(minimum);
    const report: string[] = [];
    for (const statement of statements) {
      const plan = await explain(statement);
      const bad = problems(statement.sql, plan, maySort);
      if (maxRows !== undefined) {
        if (countsRows(statement.sql, plan)) bad.push('counts recipe rows instead of the counters');
        const cost = await work(statement);
        const budget =
          dialect === 'sqlite' ? maxRows * STEPS_PER_ROW + PAGE_STEPS : maxRows + PAGE_ROWS;
        if (cost > budget) {
          bad.push(`${dialect === 'sqlite' ? 'steps' : 'rows read'} ${cost} > ${budget}`);
        }
      }
      if (bad.length > 0) {
        report.push(`${statement.sql}\n  ${bad.join('\n  ')}\n  plan: ${JSON.stringify(plan)}`);
      }
    }
    expect(report, report.join('\n\n')).toEqual([]);
  }

  const get = async (url: string, token?: string) => {
    const response = await server.app.inject({
      method: 'GET',
      url,
      headers: token ? bearer(token) : {},
    });
    expect(response.statusCode, url).toBe(200);
    return response;
  };

  describe('query plans of the hot reads', () => {
    it('list page 1 and its count read a few rows, the count from the counters', async () => {
      await expectIndexedReads(() => get('/api/recipes/lists/', world.other.token), 1, {
        maxRows: 40,
      });
      await expectIndexedReads(() => get('/api/recipes/lists/?page=5'), 1, { maxRows: 80 });
    });

    it('a deep page reads one block of the list, not every recipe before it', async () => {
      // Page 250: 2,490 recipes before it, at most one block skipped.
      for (const page of [250, 180, 11]) {
        await expectIndexedReads(() => get(`/api/recipes/lists/?page=${page}`), 1, {
          maxRows: 2 * BLOCK + RECIPES / BLOCK + 40,
        });
      }
    });

    it('category pages read the pivot index alone, about the same for every combination', async () => {
      const [curry, dessert, seafood] = world.categories;
      // The rare category's 20 recipes make 2 pages; a category of 300 has 30, and its last page
      // is read from the oldest end, like the first from the newest.
      for (const [categories, pages] of [
        [[curry!], [1, 5, 30]],
        [[rare], [1, 2]],
        [
          [curry!, dessert!],
          [1, 5, 60],
        ],
        [
          [rare, seafood!],
          [1, 5, 32],
        ],
        [
          [curry!, dessert!, seafood!],
          [1, 5, 90],
        ],
      ] as const) {
        const url = `/api/recipes/lists/?categories=${categories.map((c) => c.id).join(',')}`;
        for (const page of pages) {
          // Each category's newest (or oldest) page × 10 ids, counted twice: read from the index,
          // then kept by the union (a temporary table on either database).
          const fromEnd = Math.min(page, pages.at(-1)! - page + 1);
          await expectIndexedReads(() => get(`${url}&page=${page}`), 1, {
            maxRows: 2 * categories.length * fromEnd * 10 + 60,
          });
        }
      }
    });

    it('a search uses its index, alone and with a category filter, sorting no matches', async () => {
      const searches = { counted: isSearch };
      // One statement: the count (its sample holds the newest matches) with the title matches'
      // walk as a column.
      await expectIndexedReads(
        () => get('/api/recipes/lists/?search=saffron%20cumin'),
        1,
        searches,
      );
      await expectIndexedReads(() => get('/api/recipes/lists/?search=dish'), 1, searches);
      await expectIndexedReads(
        () => get(`/api/recipes/lists/?search=ginger&categories=${world.categories[1]!.id}`),
        1,
        searches,
      );
    });

    it('a search reads a bounded window of candidates and counts a bounded sample of its index', async () => {
      // "dish" is in every title: all 3,000 recipes match.
      const statements = await readsOf(() => get('/api/recipes/lists/?search=dish'));
      const window = SEARCH_WINDOW.titles + SEARCH_WINDOW.matches;
      const candidates = statements.filter((s) => readsCandidates(s.sql));
      expect(candidates).toHaveLength(1);
      expect(candidates[0]!.bindings.length).toBeLessThanOrEqual(window);
      const isCount = (sql: string) => /count\(/.test(sql);
      // MySQL bounds a walk that probes (another word, a filter) by the id of the driving word's
      // 1,000th newest recipe, read first (recipe-search-mysql-walks.ts): one index skip per
      // walked word, no probe, no sort, for the count's walk and the title walk in one statement.
      // "dish" alone probes nothing (every entry of its range is a match): no such statement.
      // (MariaDB's time limit, as on every hot read, may come first.)
      const isFrontier = (sql: string) =>
        /^(?:set statement \S+ for )?select \(select `recipe_id` from /.test(sql);
      expect(statements.filter((s) => isFrontier(s.sql))).toHaveLength(0);
      const probed = await readsOf(() => get('/api/recipes/lists/?search=dish%20saffron'));
      const frontiers = probed.filter((s) => isFrontier(s.sql));
      expect(frontiers).toHaveLength(dialect === 'mysql' ? 1 : 0);
      for (const frontier of frontiers) {
        expect(frontier.sql).toMatch(/order by `recipe_id` desc limit 1 offset 999\) as `f0`/);
        for (const row of await explain(frontier)) {
          if (row.table == null) continue;
          expect(String(row.Extra)).toMatch(/Using index/);
          expect(String(row.Extra)).not.toMatch(/filesort/);
        }
      }
      // The title matches' walk is a column of the count's statement: no statement of its own.
      const walks = statements.filter(
        (s) => isSearch(s.sql) && / order by /.test(s.sql) && !isCount(s.sql) && !isFrontier(s.sql),
      );
      expect(walks).toHaveLength(0);
      const counts = statements.filter((s) => isSearch(s.sql) && isCount(s.sql));
      expect(counts).toHaveLength(1);
      const count = counts[0]!;
      // It asks for at most the window's title matches: with no sort in its plan (above), that
      // bounds its rows.
      expect(count.bindings.map(Number)).toContain(SEARCH_WINDOW.titles);
      // The newest cap + 1 matches at most (the last binding), not all 3,000.
      const cap = searchIndexOf(db()).defaultCountCap;
      expect(count.bindings.slice(-2).map(Number)).toContain(cap + 1);
      // Index only: no recipe row is read, only the two ends of its primary key (the id range).
      expect(count.sql).not.toMatch(/`recipe` r\b/);
      const plan = await explain(count);
      if (dialect === 'sqlite') {
        // The FTS5 table and the subquery of its newest matches (`m`); the recipe table only in
        // the two scalar subqueries of the id range (a lone min() or max(): one key each); the
        // title walk's scalar subquery reads the titles' FTS5 table into its own subquery.
        const scalar = new Set(
          plan.filter((row) => /^SCALAR SUBQUERY/.test(String(row.detail))).map((row) => row.id),
        );
        const tables = plan.flatMap((row) => {
          const table = /^(?:SCAN|SEARCH) (\S+)/.exec(String(row.detail))?.[1];
          if (table === undefined) return [];
          return [scalar.has(row.parent) ? `${table} (scalar)` : table];
        });
        expect(tables).toEqual([
          'recipe_search',
          'm',
          'recipe (scalar)',
          'recipe (scalar)',
          'recipe_search_title',
          '(subquery-3) (scalar)',
        ]);
      } else {
        // The id range's min() and max() are answered from the index's ends, no table read.
        const tables = plan.filter(
          (row) =>
            !/^<(derived|union)/.test(String(row.table)) &&
            row.Extra !== 'Select tables optimized away',
        );
        expect(tables.length).toBeGreaterThan(0);
        expect(tables.every((row) => /Using index/.test(String(row.Extra)))).toBe(true);
      }
      // More matches than the cap: an estimate, from the density of the newest ones (every
      // recipe matches here, so it is the number of recipes, to two significant digits).
      const page = (await get('/api/recipes/lists/?search=dish')).json() as {
        count: number;
        count_is_estimate?: boolean;
      };
      expect(page.count_is_estimate).toBe(true);
      expect(Math.abs(page.count - RECIPES)).toBeLessThanOrEqual(RECIPES / 20);
    });

    it('my_recipes and saved_recipes use the indexes', async () => {
      await expectIndexedReads(
        () => get('/api/recipes/lists/?my_recipes=true', world.user.token),
        2,
      );
      // 40 saves: sorting them beats walking every recipe to find them.
      await expectIndexedReads(
        () => get('/api/recipes/lists/?saved_recipes=true', world.other.token),
        2,
        { maySort: true },
      );
    });

    it('trending uses the indexes', async () => {
      await expectIndexedReads(() => get('/api/recipes/lists/most_liked/', world.user.token), 1);
    });

    it('the detail uses the primary key', async () => {
      const [row] = (await orm()
        .em.getConnection()
        .execute('select max(`id`) as `id` from `recipe`')) as { id: number }[];
      await expectIndexedReads(() => get(`/api/recipes/lists/${row!.id}/`, world.user.token), 1);
    });
  });
});
