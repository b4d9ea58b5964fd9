import type { Orm } from '../../db/open-database.js';

/**
 * What the recipe list keeps per filter key, per ORM (so two databases in one process never
 * share an entry): the list's count and, for a search, its best ranked ids.
 *
 * - Counts: an exact COUNT(*) per request costs a scan on every list call (issue 4 measured
 *   MariaDB at a third of the tuned throughput with it).
 * - Rankings: a search for a common word ranks every match before it knows the best 10 (bm25 on
 *   SQLite, MATCH scores on MariaDB: 0.3-0.4 s and 2-3 s for "garlic onion" at 100,000 recipes,
 *   49,815 matches), and the same search is usually asked again (its next pages, other visitors
 *   typing the same words). So the first request ranks the best RANKED_IDS_CACHED ids once, at
 *   about the cost of one uncached page, and later pages within them only read their 10 rows.
 *
 * Both are cached in process and the whole cache is dropped on any write that can change an
 * entry: recipe create/update/delete, category renames (a search matches category names) and
 * save toggles (the "saved" filter). With several server processes an entry may lag another
 * process's write by at most TTL_MS. An entry holds the promise of its query, so concurrent
 * first requests for one key share one query; a failed query is not remembered.
 */
const TTL_MS = 30_000;
/** 1,000 filters, each with a count and (a search) a ranking; a ranking is at most 200 ids. */
const MAX_ENTRIES = 2_000;

/**
 * Bench only: RECIPE_CACHES=off (validated by loadConfig) computes every entry afresh, so
 * `npm run bench` can measure what a busy site, whose writes keep emptying the cache, pays.
 */
const CACHES_OFF = process.env.RECIPE_CACHES?.trim() === 'off';

interface Entry {
  value: Promise<unknown>;
  at: number;
}
const caches = new WeakMap<Orm, Map<string, Entry>>();

function cached<T>(orm: Orm, key: string, load: () => Promise<T>): Promise<T> {
  if (CACHES_OFF) return load();
  let cache = caches.get(orm);
  if (!cache) caches.set(orm, (cache = new Map()));
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && now - hit.at < TTL_MS) return hit.value as Promise<T>;
  if (cache.size >= MAX_ENTRIES) cache.clear();
  const entry: Entry = { value: load(), at: now };
  cache.set(key, entry);
  // Not remembered when it fails (a timeout, the server away): the next request asks again. A
  // write may have dropped this entry meanwhile, or replaced it with a newer one: leave those.
  entry.value.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return entry.value as Promise<T>;
}

/** The count of the list filter `key`, from the cache or from `count`. */
export function cachedCount(orm: Orm, key: string, count: () => Promise<number>): Promise<number> {
  return cached(orm, `count ${key}`, count);
}

/**
 * The best ranked ids of the search `key` (the count's key), best first, from the cache or from
 * `rank`, which returns up to `limit` of them (`limit` is part of the cache key).
 */
export function cachedRankedIds(
  orm: Orm,
  key: string,
  limit: number,
  rank: () => Promise<number[]>,
): Promise<number[]> {
  return cached(orm, `ids ${limit} ${key}`, rank);
}

/**
 * Drops every cached count and search ranking of this database (call after a write that can
 * change a list's count, its rows or their order).
 */
export function invalidateRecipeCounts(orm: Orm): void {
  caches.get(orm)?.clear();
}
