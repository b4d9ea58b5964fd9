import type { EntityManager } from '@mikro-orm/core';
import type { Database } from '../../../db/database.js';
import type { RecipeLimits } from '../../shared/service-deps.js';
import { perDialect } from '../../../db/dialect.js';
import { placeholders, toDate, toInt } from '../../shared/sql.js';
import { rankCandidates } from './recipe-search-rank.js';
import { mysqlSearch } from './recipe-search-mysql.js';
import { WALK_ENTRIES } from './recipe-search-mysql-walks.js';
import { sqliteSearch } from './recipe-search-sqlite.js';
import { countOfSample, searchCountCap, type SearchCount } from './search-count.js';
import type { SearchFilter, SearchWindowIds } from './search-backend.js';
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
 *    matches and an estimate beyond (search-count.ts); a page that reaches the end of the
 *    matches makes it exact again (recipe-list.ts). With a category, my_recipes or saved_recipes
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
  /** Candidates at most (titles + matches): part of the ranking's cache key. */
  windowSize: number;
  /**
   * How many matches this search's first read found (all of them, or as many as it sampled: at
   * least that many exist), or null when it has not read them (its count came from the cache).
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

/**
 * `words` as searchWords returns them (not empty); `filter` probes `recipe r`; `limits` are the
 * deps' (an absent bound: SEARCH_WINDOW, WALK_ENTRIES, the count cap's default).
 */
export function recipeSearch(
  database: Database,
  em: EntityManager,
  limits: RecipeLimits,
  words: readonly string[],
  filter: SearchFilter,
): RecipeSearch {
  const matched = matchedWords(words);
  const backend = perDialect(em, {
    mysql: () =>
      mysqlSearch(database, em, matched, filter, limits.searchWalkEntries ?? WALK_ENTRIES),
    sqlite: () => sqliteSearch(database, em, matched, filter),
  })();
  const window = limits.searchWindow ?? SEARCH_WINDOW;
  const cap = searchCountCap(em, limits);
  // The count's statement holds the window's newest matches and title walk: a page computed
  // whole reads them once. With its count cached, a page reads only the window (below).
  let read: Promise<SearchWindowIds> | undefined;
  const readWindow = () =>
    (read ??= backend.window(Math.max(cap + 1, window.matches), window.matches, window.titles));
  return {
    async count() {
      return countOfSample((await readWindow()).sample, cap);
    },
    windowSize: window.titles + window.matches,

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

export const DEFAULT_ORDER = 'r.`created_at` desc, r.`id` desc';
