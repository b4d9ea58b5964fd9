import type { AppConfig } from '../../../config/config.js';
import type { Orm } from '../../../db/database.js';
import { EVERYTHING_TAG, rankingCacheKey, type CacheKey } from './recipe-cache-tags.js';

/**
 * What the recipe list keeps per filter key, per ORM (so two databases in one process never
 * share an entry): the list's count and, for a search, its best ranked ids.
 *
 * - Counts of a member's own or saved list and of a search: an exact COUNT(*) per request reads
 *   the list's index (a search's, 50,000-100,000 entries for a common word). The unfiltered and
 *   category counts are not cached: triggers keep them exact (recipe-list-counts.ts).
 * - Rankings: a search ranks a window of candidates (recipe-search.ts), and the same search is
 *   usually asked again (its next pages, other visitors typing the same words), so the first
 *   request ranks the window once and later pages within it only read their 10 rows.
 *
 * Each entry carries the tags of what it depends on, and a write drops only the entries carrying
 * one of its tags (the table is in recipe-cache-tags.ts): a save toggle empties one member's
 * saved lists, not every search ranking. Other server processes hear of a write through Redis
 * when REDIS_URL is set (recipe-cache-bus.ts); without it, or while Redis is unreachable, an
 * entry lives DETACHED_TTL_MS, which bounds how long another process's write goes unseen.
 * An entry holds the promise of its query, so concurrent first requests for one key share one
 * query, and a write while it runs drops it too; a failed query is not remembered.
 */

/**
 * How long an entry lives when no Redis tells this process about other processes' writes: the
 * docs/operations.md's bound for a second process ("sees a write's effect on counts within 5 s"). Short
 * enough to be an honest bound a member can live with, long enough to keep the caches' worth:
 * a popular list or search is asked many times a second, so 5 s still answers nearly all of its
 * repeats from memory (one count or ranking per key per 5 s).
 */
export const DETACHED_TTL_MS = 5_000;
/**
 * How long an entry lives while subscribed to the Redis channel: invalidations arrive within
 * milliseconds, and this only bounds a message lost to a network failure the connection did not
 * notice (a lost connection drops every entry and falls back to DETACHED_TTL_MS).
 */
export const COHERENT_TTL_MS = 60_000;
/** 1,000 filters, each with a count and (a search) a ranking; a ranking is at most 200 ids. */
const MAX_ENTRIES = 2_000;

/**
 * Whose cache a read uses: the database's (entries are kept per ORM), unless RECIPE_CACHES=off
 * (bench only, `config.recipeCaches` false) computes every entry afresh, so `npm run bench` can
 * measure what a busy site, whose writes keep emptying the cache, pays. ServiceDeps is one.
 */
export interface RecipeCacheScope {
  orm: Orm;
  config: Pick<AppConfig, 'recipeCaches'>;
}

interface Entry {
  value: Promise<unknown>;
  expiresAt: number;
  tags: readonly string[];
}

/** Tells other processes about this one's writes (recipe-cache-bus.ts). */
export interface CacheBus {
  publish(tags: readonly string[]): void;
}

export interface CacheSettings {
  detachedTtlMs: number;
  coherentTtlMs: number;
  /** The clock entries expire by (tests step it instead of sleeping). */
  now: () => number;
}

interface CacheState {
  entries: Map<string, Entry>;
  keysByTag: Map<string, Set<string>>;
  settings: CacheSettings;
  /** Each attached bus, and whether it hears other processes' invalidations now. */
  buses: Map<CacheBus, boolean>;
  /** Every bus hears other processes' invalidations: entries may live COHERENT_TTL_MS. */
  coherent: boolean;
}

const states = new WeakMap<Orm, CacheState>();

function stateOf(orm: Orm): CacheState {
  let state = states.get(orm);
  if (!state) {
    state = {
      entries: new Map(),
      keysByTag: new Map(),
      settings: { detachedTtlMs: DETACHED_TTL_MS, coherentTtlMs: COHERENT_TTL_MS, now: Date.now },
      buses: new Map(),
      coherent: false,
    };
    states.set(orm, state);
  }
  return state;
}

function remove(state: CacheState, id: string): void {
  const entry = state.entries.get(id);
  if (!entry) return;
  state.entries.delete(id);
  for (const tag of entry.tags) {
    const ids = state.keysByTag.get(tag);
    ids?.delete(id);
    if (ids?.size === 0) state.keysByTag.delete(tag);
  }
}

function dropTags(state: CacheState, tags: readonly string[]): void {
  if (tags.includes(EVERYTHING_TAG)) {
    state.entries.clear();
    state.keysByTag.clear();
    return;
  }
  for (const tag of tags) {
    for (const id of [...(state.keysByTag.get(tag) ?? [])]) remove(state, id);
  }
}

function cached<T>(scope: RecipeCacheScope, key: CacheKey, load: () => Promise<T>): Promise<T> {
  if (!scope.config.recipeCaches) return load();
  const state = stateOf(scope.orm);
  const { settings } = state;
  const now = settings.now();
  const hit = state.entries.get(key.id);
  if (hit && now < hit.expiresAt) return hit.value as Promise<T>;
  remove(state, key.id);
  // Map order is insertion order: the oldest entry goes first.
  if (state.entries.size >= MAX_ENTRIES) remove(state, state.entries.keys().next().value!);
  const ttl = state.coherent ? settings.coherentTtlMs : settings.detachedTtlMs;
  const entry: Entry = { value: load(), expiresAt: now + ttl, tags: key.tags };
  state.entries.set(key.id, entry);
  for (const tag of key.tags) {
    let ids = state.keysByTag.get(tag);
    if (!ids) state.keysByTag.set(tag, (ids = new Set()));
    ids.add(key.id);
  }
  // Not remembered when it fails (a timeout, the server away): the next request asks again. A
  // write may have dropped this entry meanwhile, or replaced it with a newer one: leave those.
  entry.value.catch(() => {
    if (state.entries.get(key.id) === entry) remove(state, key.id);
  });
  return entry.value as Promise<T>;
}

/** The count of the list filter `key` (recipe-cache-tags.ts), from the cache or from `count`. */
export function cachedCount(
  scope: RecipeCacheScope,
  key: CacheKey,
  count: () => Promise<number>,
): Promise<number> {
  return cached(scope, { id: `count ${key.id}`, tags: key.tags }, count);
}

/** A search's count (exact or estimated, recipe-search.ts) under its list key `key`. */
export function cachedSearchCount<T>(
  scope: RecipeCacheScope,
  key: CacheKey,
  count: () => Promise<T>,
): Promise<T> {
  return cached(scope, { id: `search-count ${key.id}`, tags: key.tags }, count);
}

/**
 * The best ranked ids of the search `key` (the count's key), best first, from the cache or from
 * `rank`, which returns up to `limit` of them (`limit` is part of the cache key).
 */
export function cachedRankedIds(
  scope: RecipeCacheScope,
  key: CacheKey,
  limit: number,
  rank: () => Promise<number[]>,
): Promise<number[]> {
  return cached(scope, rankingCacheKey(key, limit), rank);
}

/**
 * Drops the entries of this database that carry one of `tags` (recipe-cache-tags.ts says which
 * write drops what), here and, through Redis, in every other server process. Call it after the
 * write's transaction has committed, so no process can reload the old rows afterwards.
 */
export function invalidateRecipeCaches(orm: Orm, tags: readonly string[]): void {
  const state = stateOf(orm);
  dropTags(state, tags);
  for (const bus of state.buses.keys()) bus.publish(tags);
}

/** Drops every cached count and ranking of this database (tables changed behind our back). */
export function invalidateRecipeCounts(orm: Orm): void {
  invalidateRecipeCaches(orm, [EVERYTHING_TAG]);
}

/** Another process's invalidation, heard on the bus: dropped here, not published again. */
export function dropInvalidatedTags(orm: Orm, tags: readonly string[]): void {
  dropTags(stateOf(orm), tags);
}

/** What a bus tells the caches it is attached to (recipe-cache-bus.ts). */
export interface AttachedCacheBus {
  /** Whether it hears other processes' invalidations now (see updateCoherence). */
  setCoherent(coherent: boolean): void;
  detach(): void;
}

/**
 * Connects `bus` to this database's caches. Usually one per process; tests build several apps on
 * one ORM, and then the caches count as coherent only while every bus is.
 */
export function attachCacheBus(orm: Orm, bus: CacheBus): AttachedCacheBus {
  const state = stateOf(orm);
  state.buses.set(bus, false);
  updateCoherence(state);
  return {
    setCoherent(coherent) {
      if (!state.buses.has(bus)) return;
      state.buses.set(bus, coherent);
      updateCoherence(state);
    },
    detach() {
      state.buses.delete(bus);
      updateCoherence(state);
    },
  };
}

/**
 * Losing other processes' invalidations drops every entry: a message may have been missed since
 * the connection broke, and entries loaded from now on live DETACHED_TTL_MS (entries loaded
 * while detached keep that lifetime after reconnecting).
 */
function updateCoherence(state: CacheState): void {
  const coherent = state.buses.size > 0 && [...state.buses.values()].every(Boolean);
  if (state.coherent && !coherent) dropTags(state, [EVERYTHING_TAG]);
  state.coherent = coherent;
}

/** Whether this database's caches hear other processes' invalidations now (tests wait for it). */
export function isRecipeCacheCoherent(orm: Orm): boolean {
  return stateOf(orm).coherent;
}

/** Tests: shorter lifetimes or a clock of their own for this database's entries. */
export function configureRecipeCaches(orm: Orm, settings: Partial<CacheSettings>): void {
  const state = stateOf(orm);
  state.settings = { ...state.settings, ...settings };
}

/** Tests: the defaults back (DETACHED_TTL_MS, COHERENT_TTL_MS, Date.now). */
export function resetRecipeCacheSettings(orm: Orm): void {
  stateOf(orm).settings = {
    detachedTtlMs: DETACHED_TTL_MS,
    coherentTtlMs: COHERENT_TTL_MS,
    now: Date.now,
  };
}
