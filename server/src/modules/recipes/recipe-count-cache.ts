import type { Orm } from '../../db/open-database.js';

/**
 * List counts per filter key, per ORM (so two databases in one process never share counts).
 * An exact COUNT(*) per request costs a scan on every list call (issue 4 measured MariaDB at a
 * third of the tuned throughput with it), so counts are cached in process and the whole cache is
 * dropped on any write that can change one: recipe create/update/delete, category changes and
 * save toggles (the "saved" filter). With several server processes a count may lag another
 * process's write by at most TTL_MS, which only moves the page total shown, never the rows.
 */
const TTL_MS = 30_000;
const MAX_ENTRIES = 1_000;
const caches = new WeakMap<Orm, Map<string, { count: number; at: number }>>();

export async function cachedCount(
  orm: Orm,
  key: string,
  count: () => Promise<number>,
): Promise<number> {
  let cache = caches.get(orm);
  if (!cache) caches.set(orm, (cache = new Map()));
  const hit = cache.get(key);
  const now = Date.now();
  if (hit && now - hit.at < TTL_MS) return hit.count;
  const value = await count();
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(key, { count: value, at: now });
  return value;
}

/** Drops every cached count of this database (call after a write that can change one). */
export function invalidateRecipeCounts(orm: Orm): void {
  caches.get(orm)?.clear();
}
