/**
 * `npx tsx bench/search-stages.ts`: where a search's CPU goes, on SQLite, without HTTP.
 *
 * The varied search phase tells what a search costs through the server (CPU ms/req) but not which
 * part: this runs the same sequence of new 1-2 word searches (vocabulary.ts, the phase's seed)
 * one at a time through the server's own functions, on a private copy of the cached bench data
 * set (`npm run bench` seeds it), with the read pool and the hot reader the server opens, and adds
 * up the process's CPU time (every thread: libsql's read connections too) per stage:
 *
 * - count: the prefix words' terms and the window's first statement (the count's sample and the
 *   title walk, on the read pool);
 * - rank: reading the window's candidates and ranking them;
 * - rows: the page's 10 recipes with their decorations (the statement list page 1 uses);
 * - shape: turning those rows into the answer's objects.
 *
 * and, as a floor, 10 random recipes read by primary key with no text and no decorations. One at
 * a time, so no request waits for another: the sum is below the bench's CPU ms/req by what HTTP,
 * JSON and 50 requests in flight add. Compare code before and after in alternating runs (the
 * docs/search.md's "Measured and not kept" did); each run prints one line per stage.
 *
 * Flags: `--recipes N` (100000: which cached data set), `--searches N` (3000 measured, after 300
 * not measured), `--seed N` (the search sequence; the bench's phase uses its own).
 */
import { mkdir, rm } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { openAppDatabase } from '../server/src/app-database.js';
import { SERVING_TIMEOUTS } from '../server/src/db/orm-options.js';
import { readRowsInOrder, shapeRecipes } from '../server/src/modules/recipes/data/recipe-read.js';
import { recipeSearch } from '../server/src/modules/recipes/search/search.js';
import { searchWords } from '../server/src/modules/recipes/search/search-text.js';
import { sqliteSearchIndex } from '../server/src/modules/recipes/search/sqlite-search-index.js';
import { placeholders } from '../server/src/modules/shared/sql.js';
import { prepareSqlite, sqliteWorkingCopy } from './databases.js';
import { Random } from './dataset.js';
import { scratchDir } from './paths.js';
import { positive } from './settings.js';
import { buildVocabulary, searchSequence } from './vocabulary.js';

const { values: args } = parseArgs({
  options: {
    recipes: { type: 'string', default: '100000' },
    searches: { type: 'string', default: '3000' },
    seed: { type: 'string', default: '7' },
  },
});
const recipes = positive('recipes', args.recipes);
const measured = positive('searches', args.searches);
const seed = positive('seed', args.seed);
const WARM_UP = 300;

/** The process's CPU time so far, all threads, in ms. */
const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

// Seeds the data set first (some minutes) if no bench run has cached it yet.
const prepared = await prepareSqlite(recipes, false, (line) => console.log(line ?? ''));
await mkdir(scratchDir, { recursive: true });
const copy = await sqliteWorkingCopy(prepared, 'search-stages');
// The server's settings: SERVING_TIMEOUTS and its default two read connections.
const database = await openAppDatabase(copy.options, {
  migrate: false,
  timeouts: SERVING_TIMEOUTS,
  readConnections: 2,
});
try {
  const em = database.sqlReader;
  const next = searchSequence(buildVocabulary(recipes), seed);
  const searches = Array.from({ length: WARM_UP + measured }, () => {
    const query = new URL(next(), 'http://bench').searchParams.get('search') ?? '';
    return searchWords(query);
  });
  const stages = { count: 0, rank: 0, rows: 0, shape: 0 };
  for (const [index, words] of searches.entries()) {
    const counted = index >= WARM_UP;
    const search = recipeSearch(database, em, sqliteSearchIndex(database), {}, words, {
      where: [],
      params: [],
    });
    const start = cpuMs();
    await search.count();
    const afterCount = cpuMs();
    const ranked = await search.rankedWindow();
    const afterRank = cpuMs();
    const rows = await readRowsInOrder(database, em, ranked.slice(0, 10));
    const afterRows = cpuMs();
    await shapeRecipes(database, em, rows, null);
    const afterShape = cpuMs();
    if (!counted) continue;
    stages.count += afterCount - start;
    stages.rank += afterRank - afterCount;
    stages.rows += afterRows - afterRank;
    stages.shape += afterShape - afterRows;
  }
  let total = 0;
  for (const [stage, ms] of Object.entries(stages)) {
    total += ms;
    console.log(`${stage.padEnd(6)} ${(ms / measured).toFixed(3)} ms per search`);
  }
  console.log(`sum    ${(total / measured).toFixed(3)} ms per search (${measured} searches)`);

  // The floor: 10 random recipes by primary key, ids only (the bench's seeded generator).
  const random = new Random(seed);
  const pages = Array.from({ length: WARM_UP + measured }, () =>
    Array.from({ length: 10 }, () => random.int(1, recipes)),
  );
  let floor = 0;
  for (const [index, ids] of pages.entries()) {
    const start = cpuMs();
    await database.hotRows(
      em,
      `select r.\`id\` from \`recipe\` r where r.\`id\` in (${placeholders(ids)})`,
      ids,
    );
    if (index >= WARM_UP) floor += cpuMs() - start;
  }
  console.log(`floor  ${(floor / measured).toFixed(3)} ms for 10 ids by primary key`);
} finally {
  await database.close();
  await copy.remove();
  await rm(scratchDir, { recursive: true, force: true });
}
