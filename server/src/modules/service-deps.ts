import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config/config.js';
import type { Orm } from '../db/open-database.js';
import type { MailOutbox } from '../mail/outbox-worker.js';
import type { GuardOptions } from './recipe-import/guarded-fetch.js';
import type { PageParser } from './recipe-import/page-parse-pool.js';
import type { RateLimiter } from '../security/rate-limiter.js';

/**
 * What the use cases need, passed explicitly (no container): built once in buildApp and shared by
 * the REST routes and the tRPC context, so both faces run the same code with the same limits.
 * Every use case forks its own entity manager from `orm`.
 */
export interface ServiceDeps {
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
  importFetch?: Pick<GuardOptions, 'resolve' | 'timeoutMs'>;
  /** Reads the recipe importer's fetched pages in worker threads; closed with the deps. */
  pageParser: PageParser;
}

/** Facts about the caller's request that rules depend on (rate limits are per IP). */
export interface RequestMeta {
  ip: string;
}
