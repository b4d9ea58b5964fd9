import type { EntityManager } from '@mikro-orm/core';
import type {} from '../../shared/service-deps.js';

/**
 * What the search (search.ts) asks of each database's index (sqlite-search-index.ts,
 * mysql-search-index.ts), and the types they share: in a file of their own, so the backends
 * need not import the search.
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

/** The matches of one search on one database: newest first (by id), and a bounded sample. */
export interface SearchMatches {
  /**
   * One statement: the count of the newest `limit` matches, which also gives the window's
   * newest `keep` and the id range, and the window's title walk. They were three statements
   * (each a hand-over to SQLite's read pool, a round trip on MySQL), then two.
   */
  window(limit: number, keep: number, titles: number): Promise<SearchWindowIds>;
  newest(options: NewestMatches): Promise<number[]>;
}

/**
 * How far a MySQL/MariaDB search walks its driving word when it must not walk to the end
 * (mysql-walks.ts says why, and WALK_ENTRIES what it is unless the deps say otherwise).
 */
export interface WalkBounds {
  titles: number;
  sample: number;
}

/** The bounds an index reads from the deps' RecipeLimits. */
export interface SearchIndexLimits {
  searchWalkEntries?: WalkBounds;
}

/**
 * One database's search index. The composition root (services.ts) chooses it once, by dialect,
 * and hands it to the use cases in ServiceDeps.
 */
export interface SearchIndex {
  /** Up to how many matches a count is exact here, unless SEARCH_COUNT_CAP sets it. */
  readonly defaultCountCap: number;
  /** The matches of `words` (search.ts: matchedWords) that pass `filter`, read through `em`. */
  matches(
    em: EntityManager,
    words: readonly string[],
    filter: SearchFilter,
    limits: SearchIndexLimits,
  ): SearchMatches;
  /**
   * Empties what the index keeps beside the entity tables after MikroORM's clearDatabase
   * (tests, `seed --force`), where that does not reach it.
   */
  clearOwnTables(em: EntityManager): Promise<void>;
}

declare module '../../shared/service-deps.js' {
  interface ServiceDeps {
    /**
     * The recipe search's index on this database (FTS5 or MySQL's word tables), chosen once by
     * services.ts. Declared here rather than in service-deps.ts so that the deps, which every
     * module imports, import no module (shared/ would otherwise import the search).
     */
    searchIndex: SearchIndex;
  }
}
