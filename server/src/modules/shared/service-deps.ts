import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/config.js';
import type { Database, Orm } from '../../db/database.js';
import type { MailOutbox } from '../../mail/outbox-worker.js';
import type { RateLimiter } from '../../security/rate-limiter.js';
import type { OffLoopPool } from '../../workers/off-loop-pool.js';

/**
 * What the use cases need, passed explicitly (no container): built once in buildApp and shared by
 * the REST routes and the tRPC context, so both faces run the same code with the same limits.
 * Every use case forks its own entity manager from `orm`.
 */
export interface ServiceDeps {
  /** The open database: its reads, their limits, and the SQL its dialect writes differently. */
  database: Database;
  /** `database.orm`, kept beside it because most use cases only fork an entity manager. */
  orm: Orm;
  config: AppConfig;
  /** Mail leaves through the outbox: enqueue in the transaction, `outbox.wake()` after it. */
  outbox: MailOutbox;
  limiter: RateLimiter;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /**
   * How the recipe importer resolves hosts and how long it waits (defaults: the system resolver,
   * 5 s). Tests give a resolver that never leaves loopback.
   */
  importFetch?: ImportFetchOptions;
  /** Worker threads for input-sized work (the importer's page reading); closed with the deps. */
  offLoop: OffLoopPool;
  /** The recipe reads' bounds, built once from the config; tests lower them on their deps. */
  recipeLimits: RecipeLimits;
  // `searchIndex`, the recipe search's index on this database, is added by
  // recipes/search/search-index.ts (a type augmentation, as Fastify's decorators are typed), so
  // these deps, which every module imports, import no module themselves.
}

/**
 * Bounds of the recipe search and list (recipes/search/search.ts, mysql-walks.ts,
 * recipes/data/recipe-list-blocks.ts); an absent one is its default there. Declared here, like
 * ImportFetchOptions, so these deps import no module.
 */
export interface RecipeLimits {
  /** Up to how many matches a search's count is exact (SEARCH_COUNT_CAP). */
  searchCountCap?: number;
  /** The ranked window's candidates (SEARCH_WINDOW). */
  searchWindow?: { titles: number; matches: number };
  /** MySQL's bounded search walks (WALK_ENTRIES). */
  searchWalkEntries?: { titles: number; sample: number };
  /** Recipes per block of the newest-first list (BLOCK_SIZE). */
  listBlockSize?: number;
}

/**
 * The importer's resolver and time limits as its fetch (recipe-import/guarded-fetch.ts,
 * `GuardOptions`) and its page reading take them: declared here, so these deps, which every
 * module imports, import no module themselves.
 */
export interface ImportFetchOptions {
  resolve?: (host: string) => Promise<{ address: string; family: number }[]>;
  timeoutMs?: number;
  /** How long reading a fetched page may take (PARSE_TIME_LIMIT_MS unless a test needs less). */
  parseTimeLimitMs?: number;
}

/** Facts about the caller's request that rules depend on (rate limits are per IP). */
export interface RequestMeta {
  ip: string;
}
