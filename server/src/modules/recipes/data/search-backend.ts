/**
 * What the search (recipe-search.ts) asks of each database's backend (recipe-search-sqlite.ts,
 * recipe-search-mysql.ts) and what the count and the sample read (search-count.ts,
 * search-sample.ts): in a file of their own, so the backends need not import the search that
 * imports them.
 */

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

/** A search's first read: the count's sample and the ranked window's title matches. */
export interface SearchWindowIds {
  sample: NewestSample;
  /** The newest `titles` recipes whose title holds every word, newest first. */
  titleIds: number[];
}

/** What each database provides: matches newest first (by id), and a bounded sample of them. */
export interface SearchBackend {
  /**
   * One statement: the count of the newest `limit` matches, which also gives the window's
   * newest `keep` and the id range, and the window's title walk. They were three statements
   * (each a hand-over to SQLite's read pool, a round trip on MySQL), then two.
   */
  window(limit: number, keep: number, titles: number): Promise<SearchWindowIds>;
  newest(options: NewestMatches): Promise<number[]>;
}
