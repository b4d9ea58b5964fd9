import type { EntityManager } from '@mikro-orm/core';
import type { Orm } from '../../../db/open-database.js';
import { hotRows, isMySql } from '../../shared/hot-read.js';
import { placeholders, toDate, toInt } from '../../shared/sql.js';
import { rankCandidates } from './recipe-search-rank.js';
import { mysqlSearch } from './recipe-search-mysql.js';
import { WALK_ENTRIES, type WalkBounds } from './recipe-search-mysql-walks.js';
import { sqliteSearch } from './recipe-search-sqlite.js';
import { COMMON_WORDS, textWords } from './search-text.js';

/**
 * Words of a search, folded as search-text.ts folds text (lower case, Latin accents removed), at
 * most eight.
 */
export function searchWords(search: string): string[] {
  return textWords(search).slice(0, 8);
}

const isCommon = (word: string) => COMMON_WORDS.has(word);

/** The words a search matches: without repeats and common words (unless only those are left). */
export function matchedWords(words: readonly string[]): string[] {
  const unique = [...new Set(words)];
  const kept = unique.filter((word) => !isCommon(word));
  return kept.length > 0 ? kept : unique;
}

/**
 * How a search is answered, on both databases, so that its cost does not grow with the number
 * of its matches:
 *
 * 1. The ranked window: the `titles` newest recipes whose title holds every word, and the
 *    `matches` newest matches, are the candidates. Only they are read (by primary key) and ranked
 *    (recipe-search-rank.ts): more of the words in the title first, an exact title, then BM25F
 *    over the four fields, then newest. "Newest" here is by id, which is creation order (the
 *    server sets created_at when it inserts a recipe and never changes it), so both databases
 *    find the window from their index alone, walking it backwards and stopping early (FTS5
 *    first expands a prefix over the index, see recipe-search-sqlite.ts).
 * 2. After the window: every other match, newest first (by id), read from the index page by page.
 *
 * So a title match is above every match without the words in its title as long as it is among
 * the `titles` newest title matches; a rare search (fewer than `matches` matches) is ranked
 * whole; a common one is ranked among its most recent matches, a relevance + recency blend. A
 * page costs at most titles + matches candidate rows, whatever the number of matches: at
 * 100,000 bench recipes "garlic" has 52,358 and "rice" 90,571.
 *
 * 3. The count (the spec's pages are count / 10 rounded up) is exact up to SEARCH_COUNT_CAP
 *    matches and an estimate beyond (below); a page that reaches the end of the matches makes it
 *    exact again (recipe-list.ts). With a category, my_recipes or saved_recipes filter, the count
 *    and the window walk the search's matches through the filter's probes, so a search filtered
 *    down to few recipes still costs about its number of matches.
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

const windows = new WeakMap<Orm, SearchWindow>();

/** Overrides SEARCH_WINDOW for one database (tests use a small one). */
export function setSearchWindow(orm: Orm, window: SearchWindow | undefined): void {
  if (window === undefined) windows.delete(orm);
  else windows.set(orm, window);
}

/** Filters of the list (categories, my_recipes, saved_recipes) as probes of the recipe `r`. */
export interface SearchFilter {
  where: string[];
  params: unknown[];
}

export interface NewestMatches {
  /** Only recipes whose title holds every word. */
  titleOnly: boolean;
  limit: number;
  offset?: number;
  exclude?: readonly number[];
}

/**
 * The newest matches up to a limit: how many there are, the oldest one's id, the ids of the
 * newest `keep` of them, newest first, and the ends of the recipes' id range (for the estimate).
 */
export interface NewestSample {
  found: number;
  oldestId: number | null;
  newestIds: number[];
  lowestId: number;
  highestId: number;
  /**
   * Where the walks stopped before the matches' end (a bounded walk, MySQL): matches below this
   * id were not looked for, and `inRegion` of those found are at or above it. Null: the sample
   * holds the newest `limit` matches, or every match.
   */
  frontier: number | null;
  inRegion: number;
}

/** What each database provides: matches newest first (by id), and a bounded sample of them. */
export interface SearchBackend {
  /**
   * One statement: the count of the newest `limit` matches also gives the window's newest
   * `keep` and the id range, where three statements read them before (recipeSearch, below).
   */
  sample(limit: number, keep: number): Promise<NewestSample>;
  newest(options: NewestMatches): Promise<number[]>;
}

/** A search's count: exact, or an estimate when it has more than its exact-count cap. */
export interface SearchCount {
  count: number;
  estimate: boolean;
}

export interface RecipeSearch {
  /** The number of matches: exact up to the cap (see SEARCH_COUNT_CAP), else an estimate. */
  count(): Promise<SearchCount>;
  /** The ranked window's ids, best first. */
  rankedWindow(): Promise<number[]>;
  /** `limit` matches outside the ranked window `ranked`, newest first, after skipping `offset`. */
  afterWindow(ranked: readonly number[], offset: number, limit: number): Promise<number[]>;
  /** Candidates at most (titles + matches): part of the ranking's cache key. */
  windowSize: number;
}

/**
 * Up to this many matches a search's count is exact (20 pages); beyond, it is an estimate.
 * Counting every match is the one cost that grew with the matches: 1.1-10.5 ms on SQLite for
 * the bench's common words (52,358-99,950 matches at 100,000 recipes), 22-185 ms on MariaDB.
 * Counting the newest 1,001 instead read at most 1,001 entries of the index: 0.1-0.4 ms on
 * SQLite for the same words (plain terms, see recipe-search-sqlite.ts). Over 400 varied bench
 * searches (the count alone, process CPU, three alternating rounds on a shared 2-core machine)
 * the newest 1,001 took 1.0-1.4 ms per search with their ids' transfer and sort, the newest 201
 * 0.6-0.9 ms: a tenth of a search's whole cost (3.2-3.8 ms).
 */
export const SEARCH_COUNT_CAP = 200;

/**
 * SEARCH_COUNT_CAP on MySQL/MariaDB, where the sample walks the driving word's entries and probes
 * the other words for each (recipe-search-mysql.ts): counting the newest 1,001 matches of 60
 * varied two-word bench searches took 27.8 ms on average (p50 18, max 252: words that seldom
 * meet), the newest 201 took 4.2 ms (max 11.3), MariaDB 10.11, 1 GiB buffer pool, one at a time.
 * Under 50 connections of varied searches (server pinned to one core, slow log at 0 s, machine
 * shared with other work, load 7-8) the sample of 201 still took 43 ms on average and 51 took 10
 * ms (searches per second 48 -> 91). 5 exact pages, then an estimate; the walks are bounded too
 * (recipe-search-mysql-walks.ts).
 */
export const MYSQL_SEARCH_COUNT_CAP = 50;

/** The count cap a database uses unless SEARCH_COUNT_CAP (the environment variable) sets one. */
export const defaultSearchCountCap = (em: EntityManager) =>
  isMySql(em) ? MYSQL_SEARCH_COUNT_CAP : SEARCH_COUNT_CAP;

const countCaps = new WeakMap<Orm, number>();
const walkBounds = new WeakMap<Orm, WalkBounds>();

/** Overrides WALK_ENTRIES (MySQL's bounded walks) for one database (tests use small ones). */
export function setSearchWalkEntries(orm: Orm, bounds: WalkBounds | undefined): void {
  if (bounds === undefined) walkBounds.delete(orm);
  else walkBounds.set(orm, bounds);
}

/** Overrides SEARCH_COUNT_CAP for one database (tests reach it with a small fixture). */
export function setSearchCountCap(orm: Orm, cap: number | undefined): void {
  if (cap === undefined) countCaps.delete(orm);
  else countCaps.set(orm, cap);
}

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
  // it (MySQL's bounded sample, recipe-search-mysql-walks.ts); else of the newest `found`.
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

interface CandidateRow {
  id: number;
  created_at: unknown;
  title: string;
  ingredients: string;
  instructions: string;
  category_names: string | null;
}

/** `words` as searchWords returns them (not empty); `filter` probes `recipe r`. */
export function recipeSearch(
  em: EntityManager,
  orm: Orm,
  words: readonly string[],
  filter: SearchFilter,
): RecipeSearch {
  const matched = matchedWords(words);
  const backend = isMySql(em)
    ? mysqlSearch(em, matched, filter, walkBounds.get(orm) ?? WALK_ENTRIES)
    : sqliteSearch(em, matched, filter);
  const window = windows.get(orm) ?? SEARCH_WINDOW;
  const cap = countCaps.get(orm) ?? defaultSearchCountCap(em);
  // The count's sample holds the window's newest matches: a page computed whole (no cache, or
  // a new search) reads them once.
  let sampled: Promise<NewestSample> | undefined;
  const sample = () =>
    (sampled ??= backend.sample(Math.max(cap + 1, window.matches), window.matches));
  return {
    async count() {
      const counted = await sample();
      if (counted.found <= cap && counted.frontier === null) {
        return { count: counted.found, estimate: false };
      }
      return { count: estimateCount(counted, cap), estimate: true };
    },
    windowSize: window.titles + window.matches,

    async rankedWindow() {
      const titled = await backend.newest({ titleOnly: true, limit: window.titles });
      const newest = sampled
        ? (await sampled).newestIds
        : await backend.newest({ titleOnly: false, limit: window.matches });
      const ids = [...new Set([...titled, ...newest])];
      if (ids.length === 0) return [];
      const rows = await hotRows<CandidateRow>(
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

export const DEFAULT_ORDER = 'r.`created_at` desc, r.`id` desc';
