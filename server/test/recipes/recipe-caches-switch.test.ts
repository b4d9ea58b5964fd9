import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import type { Orm } from '../../src/db/database.js';
import { listCacheKey } from '../../src/modules/recipes/data/recipe-cache-tags.js';
import * as cache from '../../src/modules/recipes/data/recipe-count-cache.js';

/**
 * The caches' scope as the server's deps carry it: the config loadConfig reads from RECIPE_CACHES,
 * and a fresh database (only the cache's own bookkeeping is involved: any object stands for it).
 */
function loadCache(value: string | undefined) {
  const env = {
    DATABASE_URL: 'sqlite::memory:',
    ...(value === undefined ? {} : { RECIPE_CACHES: value }),
  };
  return { orm: {} as Orm, config: loadConfig(env) };
}

describe('RECIPE_CACHES (bench only)', () => {
  const key = listCacheKey(['q', ['saffron']]);

  it.each([undefined, 'on'])('keeps counts and rankings when it is %s', async (value) => {
    const scope = loadCache(value);
    const count = vi.fn(async () => 42);
    const rank = vi.fn(async () => [3, 1, 2]);
    for (let i = 0; i < 3; i++) {
      expect(await cache.cachedCount(scope, key, count)).toBe(42);
      expect(await cache.cachedRankedIds(scope, key, 200, rank)).toEqual([3, 1, 2]);
    }
    expect(count).toHaveBeenCalledTimes(1);
    expect(rank).toHaveBeenCalledTimes(1);
  });

  it('computes every count and ranking afresh when it is off', async () => {
    const scope = loadCache('off');
    const count = vi.fn(async () => 42);
    const rank = vi.fn(async () => [3, 1, 2]);
    for (let i = 0; i < 3; i++) {
      expect(await cache.cachedCount(scope, key, count)).toBe(42);
      expect(await cache.cachedRankedIds(scope, key, 200, rank)).toEqual([3, 1, 2]);
    }
    expect(count).toHaveBeenCalledTimes(3);
    expect(rank).toHaveBeenCalledTimes(3);
  });
});
