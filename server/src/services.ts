import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { AppConfig } from './config/config.js';
import type { Database } from './db/database.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { createMailOutbox, type OutboxSettings } from './mail/outbox-worker.js';
import { resolveMailRequests } from './modules/accounts/mail-requests.js';
import { mysqlSearchIndex } from './modules/recipes/search/mysql-search-index.js';
import type { SearchIndex } from './modules/recipes/search/search-index.js';
import { sqliteSearchIndex } from './modules/recipes/search/sqlite-search-index.js';
import type { ServiceDeps } from './modules/shared/service-deps.js';
import { createMemoryStore } from './security/memory-rate-limit-store.js';
import { createOffLoopPool } from './workers/off-loop-pool.js';
import {
  DEFAULT_FAILURE_SLOWDOWNS,
  DEFAULT_RATE_LIMITS,
  createRateLimiter,
  type FailureSlowdowns,
  type RateLimits,
} from './security/rate-limiter.js';
import { createRedisStore } from './security/redis-rate-limit-store.js';

/**
 * The search index of `database` (the deps' searchIndex; the seed and tests clear it): the one
 * place the search's implementation is chosen.
 */
export const searchIndexOf = (database: Database): SearchIndex =>
  database.pick({ sqlite: sqliteSearchIndex, mysql: mysqlSearchIndex })(database);

export interface ServiceDepsOptions {
  config: AppConfig;
  database: Database;
  log: ServiceDeps['log'] & Pick<FastifyBaseLogger, 'info'>;
  /** Defaults to createMailer(config): SMTP, or .eml files under MAIL_DIR. */
  mailer?: Mailer;
  /** Defaults to DEFAULT_OUTBOX_SETTINGS. */
  outboxSettings?: Partial<OutboxSettings>;
  /** Defaults to DEFAULT_RATE_LIMITS; tests loosen them (and tighten one to prove the 429). */
  rateLimits?: RateLimits;
  /** Defaults to DEFAULT_FAILURE_SLOWDOWNS; tests turn them off except where they prove them. */
  failureSlowdowns?: FailureSlowdowns;
  /** The recipe importer's resolver and time limits (tests); see ServiceDeps. */
  importFetch?: ServiceDeps['importFetch'];
}

/**
 * The use cases' dependencies, shared by the REST routes and tRPC. Rate limits live in Redis when
 * REDIS_URL is set (so several server processes share them), in memory otherwise. The mail
 * outbox is created stopped: whoever owns the deps starts its worker (buildApp does for the deps
 * it builds; tests drain it themselves). `close()` stops the worker, releases Redis and ends the
 * worker threads.
 */
export function createServiceDeps({
  config,
  database,
  log,
  mailer,
  outboxSettings,
  rateLimits = DEFAULT_RATE_LIMITS,
  failureSlowdowns = DEFAULT_FAILURE_SLOWDOWNS,
  importFetch,
}: ServiceDepsOptions): ServiceDeps & { close(): Promise<void> } {
  const { orm } = database;
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true })
    : undefined;
  const limiter = createRateLimiter({
    store: redis ? createRedisStore(redis) : createMemoryStore(),
    limits: rateLimits,
    slowdowns: failureSlowdowns,
    onStoreError: (error) => log.error({ err: error }, 'rate limit store failed'),
  });
  const outbox = createMailOutbox({
    database,
    mailer:
      mailer ?? createMailer({ smtpUrl: config.smtpUrl, mailDir: config.mailDir, logger: log }),
    log,
    settings: outboxSettings,
    beforeDelivery: (now) => resolveMailRequests(database, config, now),
  });
  const offLoop = createOffLoopPool();
  return {
    database,
    orm,
    config,
    outbox,
    limiter,
    log,
    importFetch,
    offLoop,
    recipeLimits: { searchCountCap: config.searchCountCap },
    searchIndex: searchIndexOf(database),
    async close() {
      await outbox.stop();
      await limiter.close();
      await offLoop.close();
    },
  };
}
