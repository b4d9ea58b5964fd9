import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Orm } from '../../src/db/open-database.js';
import { listCacheKey } from '../../src/modules/recipes/data/recipe-cache-tags.js';

/** The module reads RECIPE_CACHES when it loads: each case loads a fresh copy. */
async function loadCache(value: string | undefined) {
  vi.resetModules();
  vi.stubEnv('RECIPE_CACHES', value);
  return import('../../src/modules/recipes/data/recipe-count-cache.js');
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('RECIPE_CACHES (bench only)', () => {
  // Only the cache's own bookkeeping is involved: any object can stand for the database.
  const orm = {} as Orm;
  const key = listCacheKey(['q', ['saffron']]);

  it.each([undefined, 'on'])('keeps counts and rankings when it is %s', async (value) => {
    const cache = await loadCache(value);
    const count = vi.fn(async () => 42);
    const rank = vi.fn(async () => [3, 1, 2]);
    for (let i = 0; i < 3; i++) {
      expect(await cache.cachedCount(orm, key, count)).toBe(42);
      expect(await cache.cachedRankedIds(orm, key, 200, rank)).toEqual([3, 1, 2]);
    }
    expect(count).toHaveBeenCalledTimes(1);
    expect(rank).toHaveBeenCalledTimes(1);
  });

  it('computes every count and ranking afresh when it is off', async () => {
    const cache = await loadCache('off');
    const count = vi.fn(async () => 42);
    const rank = vi.fn(async () => [3, 1, 2]);
    for (let i = 0; i < 3; i++) {
      expect(await cache.cachedCount(orm, key, count)).toBe(42);
      expect(await cache.cachedRankedIds(orm, key, 200, rank)).toEqual([3, 1, 2]);
    }
    expect(count).toHaveBeenCalledTimes(3);
    expect(rank).toHaveBeenCalledTimes(3);
  });
});
