import type { EntityManager } from '@mikro-orm/core';
import { RECIPES_PER_PAGE } from '@recipehub/openapi/limits';
import type { Database } from '../../../db/database.js';
import type { RecipeLimits } from '../../shared/service-deps.js';
import { placeholders, toDate, toInt } from '../../shared/sql.js';
import { rankCandidates } from './search-rank.js';
import type { NewestSample, SearchFilter, SearchIndex, SearchWindowIds } from './search-index.js';
import { isCommon, matchedWords } from './search-text.js';

/**
 * How a search is answered, on both databases, so that its cost does not grow with the number
 * of its matches:
 *
 * 1. The ranked window: the `titles` newest recipes whose title holds every word, and the
 *    `matches` newest matches, are the candidates. Only they are read (by primary key) and ranked
 *    (search-rank.ts): more of the words in the title first, an exact title, then BM25F
 *    over the four fields, then newest. "Newest" here is by id, which is creation order (the
 *    server sets created_at when it inserts a recipe and never changes it), so both databases
 *    find the window from their index alone, walking it backwards and stopping early (FTS5
 *    first expands a prefix over the index, see sqlite-search-index.ts).
 * 2. After the window: every other match, newest first (by id), read from the index page by page.
 *
 * So a title match is above every match without the words in its title as long as it is among
 * the `titles` newest title matches; a rare search (fewer than `matches` matches) is ranked
 * whole; a common one is ranked among its most recent matches, a relevance + recency blend. A
 * page costs at most titles + matches candidate rows, whatever the number of matches: at
 * 100,000 bench recipes "garlic" has 52,358 and "rice" 90,571.
 *
 * 3. The count (the spec's pages are count / 10 rounded up) is exact up to SEARCH_COUNT_CAP
 *    matches and an estimate beyond (countOfSample, below); a page that reaches the end of the
 *    matches makes it exact again (searchPage, below). With a category, my_recipes or saved_recipes
 *    filter, the count and the window walk the search's matches through the filter's probes, so
 *    a search filtered down to few recipes still costs about its number of matches.
 *
 * Measured through listRecipes (caches off, 100,000 bench recipes, one process on a 2-core
 * machine shared with other builds, load average 7-11, so single requests vary two- or
 * threefold), first request of a search, before -> after. SQLite (FTS5 ranked every match with
 * bm25 and read every matching row): common words ("until", "and", "pinch": 94,543-99,950
 * matches) 167-420 -> 13-54 ms; two common words ("garlic rice", "onion garlic", "until and")
 * 127-341 -> 18-52 ms; rarer words ("smoky", "halwa", "tomat": 8,110-13,025) 24-65 -> 3-14 ms;
 * 300 varied 1-2 word searches in a row 17 -> 47-94 per second (p50 41 -> 8-16 ms). MariaDB
 * 10.11, 1 GiB buffer pool, same database before and after its migration (FULLTEXT read every
 * matching row): common words 1.8-2.0 s -> 53-145 ms; two words 0.9-1.5 s (and "until and" over
 * the 1.2 s statement limit, a 503) -> 64-227 ms; rarer words 0.1-0.2 s -> 6-13 ms; varied 2 ->
 * 11 per second (p50 345 -> 78 ms). What remained was the exact count (12-16 ms of the SQLite
 * requests above and 22-185 ms of the MariaDB ones; the rest of a page takes 2-10 ms), now
 * bounded by SEARCH_COUNT_CAP.
 */
export interface SearchWindow {
  titles: number;
  matches: number;
}

/**
 * At most 5 pages ranked; page 1 is the best 10 of up to 50 candidates. The window's cost is
 * reading and ranking its candidates: on the bench data (one process, a shared 2-core machine)
 * ranking 200 candidates took 1.9-2.4 ms and 100 took 0.6-1 ms, reading them by primary key
 * 0.5-1 ms; a common word's count and walks take 2-10 ms besides.
 *
 * More title candidates than others: a word with ten or more title matches in the window fills
 * page 1 with them (they rank first), so the title window decides what most searches show
 * first; the newest matches without the words in their title only fill pages when title matches
 * are few. Measured with the built server pinned to one core, 50 connections of varied bench
 * searches, caches off, two rounds each: server CPU per search 2.36-2.65 ms with 50 + 50,
 * 2.11-2.28 with 30 + 20 (1.93-2.15 with 25 + 25).
 */
export const SEARCH_WINDOW: SearchWindow = { titles: 30, matches: 20 };

export interface RecipeSearch {
  /** The number of matches: exact up to the cap (see SEARCH_COUNT_CAP), else an estimate. */
  count(): Promise<SearchCount>;
  /** The ranked window's ids, best first. */
  rankedWindow(): Promise<number[]>;
  /** `limit` matches outside the ranked window `ranked`, newest first, after skipping `offset`. */
  afterWindow(ranked: readonly number[], offset: number, limit: number): Promise<number[]>;
  /**
   * How many matches this search's first read found (all of them, or as many as it sampled: at
   * least that many exist), or null when it has not read them.
   */
  matchesFound(): Promise<number | null>;
}

interface CandidateRow {
  id: number;
  created_at: unknown;
  title: string;
  ingredients: string;
  instructions: string;
  category_names: string | null;
}

/** The count cap of a search: the deps' (SEARCH_COUNT_CAP, or a test's), else the index's. */
export const searchCountCap = (index: SearchIndex, limits: RecipeLimits) =>
  limits.searchCountCap ?? index.defaultCountCap;

/**
 * `words` as searchWords returns them (not empty), found in `index` (the deps' searchIndex);
 * `filter` probes `recipe r`; `limits` are the deps' (an absent bound: SEARCH_WINDOW, the
 * index's own defaults).
 */
export function recipeSearch(
  database: Database,
  em: EntityManager,
  index: SearchIndex,
  limits: RecipeLimits,
  words: readonly string[],
  filter: SearchFilter,
): RecipeSearch {
  const matched = matchedWords(words);
  const backend = index.matches(em, matched, filter, limits);
  const window = limits.searchWindow ?? SEARCH_WINDOW;
  const cap = searchCountCap(index, limits);
  // The count's statement holds the window's newest matches and title walk: a page reads them
  // once. Without the count (rankedWindow alone), a page reads only the window (below).
  let read: Promise<SearchWindowIds> | undefined;
  const readWindow = () =>
    (read ??= backend.window(Math.max(cap + 1, window.matches), window.matches, window.titles));
  return {
    async count() {
      return countOfSample((await readWindow()).sample, cap);
    },

    async matchesFound() {
      return read ? (await read).sample.found : null;
    },

    async rankedWindow() {
      const [titled, newest] = read
        ? await read.then((both) => [both.titleIds, both.sample.newestIds] as const)
        : await Promise.all([
            backend.newest({ titleOnly: true, limit: window.titles }),
            backend.newest({ titleOnly: false, limit: window.matches }),
          ]);
      const ids = [...new Set([...titled, ...newest])];
      if (ids.length === 0) return [];
      const rows = await database.hotRows<CandidateRow>(
        em,
        'select `id`, `created_at`, `title`, `ingredients`, `instructions`, `category_names` ' +
          `from \`recipe\` where \`id\` in (${placeholders(ids)})`,
        ids,
      );
      const candidates = rows.map((row) => ({
        id: toInt(row.id),
        createdAt: toDate(row.created_at).getTime(),
        title: row.title,
        ingredients: row.ingredients,
        instructions: row.instructions,
        categoryNames: row.category_names,
      }));
      return rankCandidates(matched, candidates, isCommon);
    },

    afterWindow(ranked, offset, limit) {
      return backend.newest({ titleOnly: false, limit, offset, exclude: ranked });
    },
  };
}

/** A search's count: exact, or an estimate when it has more than its exact-count cap. */
export interface SearchCount {
  count: number;
  estimate: boolean;
}

/**
 * Up to this many matches a search's count is exact (20 pages); beyond, it is an estimate.
 * Counting every match is the one cost that grew with the matches: 1.1-10.5 ms on SQLite for
 * the bench's common words (52,358-99,950 matches at 100,000 recipes), 22-185 ms on MariaDB.
 * Counting the newest 1,001 instead read at most 1,001 entries of the index: 0.1-0.4 ms on
 * SQLite for the same words (plain terms, see sqlite-search-index.ts). Over 400 varied bench
 * searches (the count alone, process CPU, three alternating rounds on a shared 2-core machine)
 * the newest 1,001 took 1.0-1.4 ms per search with their ids' transfer and sort, the newest 201
 * 0.6-0.9 ms: a tenth of a search's whole cost (3.2-3.8 ms).
 */
export const SEARCH_COUNT_CAP = 200;

/**
 * The estimate of a search with more than `cap` matches (or whose sample stopped at a frontier),
 * from the density of its newest ones:
 * `found` matches lie between the oldest sampled id and the newest recipe, so the whole id range
 * holds about found * (range / sampled range). Ids are creation order and matches of a word are
 * spread over time, so on the bench data the estimate is within a few per cent ("garlic":
 * 52,358 exact); a word that only recent recipes use is overestimated (its later pages answer
 * 404, "Invalid page.", like any page past the end). Two significant digits, never fewer than
 * were found, never more recipes than the id range holds. The id range comes with the sample
 * (two primary-key ends, no scan).
 */
function estimateCount(sample: NewestSample, cap: number): number {
  const { lowestId: lowest, highestId: highest } = sample;
  // Fewer than the cap found before the walks' frontier: the density of the matches at or above
  // it (MySQL's bounded sample, mysql-walks.ts); else of the newest `found`.
  const [known, from] =
    sample.frontier !== null && sample.found <= cap
      ? [sample.inRegion, sample.frontier]
      : [sample.found, sample.oldestId ?? lowest];
  const ids = Math.max(1, highest - lowest + 1);
  const density = known / Math.max(1, highest - from + 1);
  const estimate = Math.min(ids, density * ids);
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(1, estimate))) - 1);
  return Math.max(sample.found, Math.round(estimate / unit) * unit);
}

/** A search's count from its sample: exact up to `cap` matches of a whole walk, else estimated. */
export function countOfSample(sample: NewestSample, cap: number): SearchCount {
  if (sample.found <= cap && sample.frontier === null) {
    return { count: sample.found, estimate: false };
  }
  return { count: estimateCount(sample, cap), estimate: true };
}

/** One page of a search: its matches' ids in order, and the count its pages are numbered by. */
export interface SearchPage {
  ids: number[];
  count: SearchCount;
}

/**
 * The page at `offset` of `search`: from its ranked window, then the other matches newest first.
 * Null when the page lies past the matches' end (the caller's 404).
 */
export async function searchPage(search: RecipeSearch, offset: number): Promise<SearchPage | null> {
  const counted = await search.count();
  if (!counted.estimate && offset >= Math.max(RECIPES_PER_PAGE, counted.count)) return null;
  const { page, more } = await pageIds(search, offset, counted);
  // Past the real end of an estimated count: the same answer as any page past the last.
  if (page.length === 0 && offset > 0) return null;
  return { ids: page, count: settleCount(counted, offset, page.length, more) };
}

/**
 * An estimated count, told what a page found: a page that reaches the end of the matches knows
 * them all (offset + its rows: exact); one with more after it raises a low estimate to cover at
 * least one more row, so `next` is there.
 */
function settleCount(
  counted: SearchCount,
  offset: number,
  rows: number,
  more: boolean,
): SearchCount {
  if (!counted.estimate) return counted;
  if (!more) return { count: offset + rows, estimate: false };
  return { count: Math.max(counted.count, offset + rows + 1), estimate: true };
}

/**
 * The ids of a search's page at `offset`, and whether matches follow it (only asked when the
 * count is an estimate; an exact count says it): from its ranked window, then the other matches
 * newest first.
 */
async function pageIds(
  search: RecipeSearch,
  offset: number,
  counted: SearchCount,
): Promise<{ page: number[]; more: boolean }> {
  // One more than a page when the count is estimated: whether there is a next page.
  const limit = counted.estimate ? RECIPES_PER_PAGE + 1 : RECIPES_PER_PAGE;
  const ranked = await search.rankedWindow();
  const ids = ranked.slice(offset, offset + limit);
  const whole = !counted.estimate && offset + ids.length >= counted.count;
  if (ids.length === limit || whole) {
    return { page: ids.slice(0, RECIPES_PER_PAGE), more: ids.length > RECIPES_PER_PAGE };
  }
  if (ids.length === RECIPES_PER_PAGE && (await knownToContinue(search, offset))) {
    return { page: ids, more: true };
  }
  const after = Math.max(0, offset - ranked.length);
  const all = [...ids, ...(await search.afterWindow(ranked, after, limit - ids.length))];
  return { page: all.slice(0, RECIPES_PER_PAGE), more: all.length > RECIPES_PER_PAGE };
}

/**
 * Whether matches follow a full page at `offset`, known without reading them: this request's
 * first read found more matches than the pages up to this one hold. Page 2 of a search whose
 * window has no title match beyond its 20 newest matches otherwise read the match after the
 * window (a statement of its own) only to tell that page 3 exists: 544 of 1,277 varied bench
 * searches on MariaDB.
 */
async function knownToContinue(search: RecipeSearch, offset: number): Promise<boolean> {
  const found = await search.matchesFound();
  return found !== null && found > offset + RECIPES_PER_PAGE;
}
