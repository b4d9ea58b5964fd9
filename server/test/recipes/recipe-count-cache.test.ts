import { describe, expect, it, vi } from 'vitest';
import type { Orm } from '../../src/db/database.js';
import { listCacheKey, saveToggledTags } from '../../src/modules/recipes/data/recipe-cache-tags.js';
import {
  attachCacheBus,
  cachedCount,
  configureRecipeCaches,
  COHERENT_TTL_MS,
  DETACHED_TTL_MS,
  dropInvalidatedTags,
  invalidateRecipeCaches,
  isRecipeCacheCoherent,
} from '../../src/modules/recipes/data/recipe-count-cache.js';

/**
 * The cache's own bookkeeping (the list behaviour is in cache-invalidation.test.ts and
 * cache-coherence.test.ts): any object can stand for the database, a fresh one per test.
 */
const freshOrm = () => ({}) as Orm;
/** The cache of `orm`, switched on (RECIPE_CACHES unset). */
const caching = (orm: Orm) => ({ orm, config: { recipeCaches: true } });
const all = listCacheKey([]);
const saved = listCacheKey(['s', 7]);

describe('recipe count cache', () => {
  it('does not keep a query that a write dropped while it ran', async () => {
    const orm = freshOrm();
    let finish!: (n: number) => void;
    const slow = vi.fn(() => new Promise<number>((resolve) => (finish = resolve)));
    const running = cachedCount(caching(orm), all, slow);
    invalidateRecipeCaches(orm, ['recipes']);
    finish(1);
    expect(await running).toBe(1);
    const fresh = vi.fn(async () => 2);
    expect(await cachedCount(caching(orm), all, fresh)).toBe(2);
    expect(fresh).toHaveBeenCalledTimes(1);
  });

  it('publishes a write on every bus, and does not publish what it hears', async () => {
    const orm = freshOrm();
    const first = { publish: vi.fn() };
    const second = { publish: vi.fn() };
    attachCacheBus(orm, first);
    attachCacheBus(orm, second).detach();
    invalidateRecipeCaches(orm, saveToggledTags(7));
    expect(first.publish).toHaveBeenCalledWith(['saved:7']);
    expect(second.publish).not.toHaveBeenCalled();

    const count = vi.fn(async () => 3);
    await cachedCount(caching(orm), saved, count);
    dropInvalidatedTags(orm, ['saved:7']);
    await cachedCount(caching(orm), saved, count);
    expect(count).toHaveBeenCalledTimes(2);
    expect(first.publish).toHaveBeenCalledTimes(1);
  });

  it('lets entries live COHERENT_TTL_MS only while every bus hears the others', async () => {
    const orm = freshOrm();
    let clock = 0;
    configureRecipeCaches(orm, { now: () => clock });
    const a = attachCacheBus(orm, { publish() {} });
    const b = attachCacheBus(orm, { publish() {} });
    a.setCoherent(true);
    expect(isRecipeCacheCoherent(orm)).toBe(false);
    b.setCoherent(true);
    expect(isRecipeCacheCoherent(orm)).toBe(true);

    const count = vi.fn(async () => 5);
    await cachedCount(caching(orm), all, count);
    clock += COHERENT_TTL_MS - 1;
    await cachedCount(caching(orm), all, count);
    expect(count).toHaveBeenCalledTimes(1);

    // One bus deaf: everything goes, and new entries live DETACHED_TTL_MS.
    b.setCoherent(false);
    await cachedCount(caching(orm), all, count);
    expect(count).toHaveBeenCalledTimes(2);
    clock += DETACHED_TTL_MS;
    await cachedCount(caching(orm), all, count);
    expect(count).toHaveBeenCalledTimes(3);
  });

  it('keeps at most 2,000 entries, forgetting the oldest first, and still drops by tag', async () => {
    const orm = freshOrm();
    const count = vi.fn(async () => 1);
    for (let user = 1; user <= 2_001; user++) {
      await cachedCount(caching(orm), listCacheKey(['s', user]), count);
    }
    expect(count).toHaveBeenCalledTimes(2_001);
    await cachedCount(caching(orm), listCacheKey(['s', 2_001]), count);
    await cachedCount(caching(orm), listCacheKey(['s', 2]), count);
    expect(count).toHaveBeenCalledTimes(2_001);
    await cachedCount(caching(orm), listCacheKey(['s', 1]), count);
    expect(count).toHaveBeenCalledTimes(2_002);
    invalidateRecipeCaches(orm, ['saved']);
    await cachedCount(caching(orm), listCacheKey(['s', 2]), count);
    expect(count).toHaveBeenCalledTimes(2_003);
  });
});

describe('listCacheKey', () => {
  it('refuses a list filter that has no dependencies in the table', () => {
    expect(() => listCacheKey(['x', 1])).toThrow('unknown list filter "x"');
    expect(listCacheKey(['c', [1], 's', 7]).tags).toEqual([
      'saved:7',
      'saved',
      'recipe-categories',
    ]);
  });
});
