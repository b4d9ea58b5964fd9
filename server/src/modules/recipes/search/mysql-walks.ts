import type { WalkBounds } from './search-index.js';

/**
 * SEARCH_COUNT_CAP on MySQL/MariaDB (search.ts), where the sample walks the driving word's entries
 * and probes the other words for each (mysql-search-index.ts): counting the newest 1,001 matches
 * of 60 varied two-word bench searches took 27.8 ms on average (p50 18, max 252: words that
 * seldom meet), the newest 201 took 4.2 ms (max 11.3), MariaDB 10.11, 1 GiB buffer pool, one at a
 * time. Under 50 connections of varied searches (server pinned to one core, slow log at 0 s,
 * machine shared with other work, load 7-8) the sample of 201 still took 43 ms on average and 51
 * took 10 ms (searches per second 48 -> 91). 5 exact pages, then an estimate; the walks are
 * bounded too (below).
 */
export const MYSQL_SEARCH_COUNT_CAP = 50;

/**
 * How far a MySQL/MariaDB search walks its driving word (mysql-search-index.ts) when it must not
 * walk to the end: the title walk of the ranked window, and the count's sample. Their cost grew
 * with the data: two words that seldom meet ("garlic rice" in a title, "brûlée quick" anywhere)
 * walked every recipe holding the rarer one, probing the other for each. Measured under 50
 * connections of varied two-word bench searches (100,000 recipes, MariaDB 10.11, 1 GiB buffer
 * pool, the server pinned to one core of a shared 2-core machine, slow log at 0 s): the sample's
 * walk examined 51,746 rows per search on average (43 ms mean) and the title walk 7,172, and a
 * fifth of the searches answered 503 (the search budget's queue, db/read-budget.ts). Bounded (and
 * with equality probes, WordLookups.probeKeys): 372 rows (1.4 ms) and 255, no 503 in 579.
 *
 * A bounded walk reads at most the driving word's newest `entries` recipes (from the id of the
 * `entries`-th, looked up first, walkFrontiers in mysql-word-lookups.ts): the title walk misses older recipes with every word in the
 * title (they are still found by the newest-matches part of the window or after it, by recency:
 * a relevance + recency blend, search.ts), and the count's sample, when it stops there
 * before finding more than its cap, estimates the count from the matches' density above its
 * frontier (search.ts; a page that reaches the end of the matches makes it exact again).
 *

 * 1,000 each (they were 2,000): every bounded walk starts with its frontier, an index skip over
 * that many entries of each walked word, whatever the search finds above it. Measured with
 * `npm run bench`'s varied search phase (caches off, 100,000 recipes, MariaDB 10.11 with a 1 GiB
 * buffer pool, the built server pinned to one core of a 2-core AMD EPYC VM), alternating builds:
 * 2,000 gave 108 and 94 req/s (server CPU 7.8 and 9.2 ms a search), 1,000 gave 121 and 113
 * (6.7 and 7.6 ms); 500 gave 126 beside 1,000's 119, within the noise, and would halve again
 * what the title walk and the count's sample see, so it was not taken.
 */
export const WALK_ENTRIES: WalkBounds = { titles: 1_000, sample: 1_000 };

/** The recipes of one word (or category) a walk reads: rows of `table` whose `key` is `value`. */
export interface WalkRange {
  table: string;
  key: 'word' | 'category_id';
  value: unknown;
}

/** A range walked at most `entries` recipes deep. */
export interface BoundedWalk extends WalkRange {
  entries: number;
}
