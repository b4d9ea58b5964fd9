import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { AppConfig } from './config/config.js';
import type { Orm } from './db/open-database.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import type { ServiceDeps } from './modules/service-deps.js';
import {
  DEFAULT_FAILURE_SLOWDOWNS,
  DEFAULT_RATE_LIMITS,
  createMemoryStore,
  createRateLimiter,
  createRedisStore,
  type FailureSlowdowns,
  type RateLimits,
} from './security/rate-limiter.js';

export interface ServiceDepsOptions {
  config: AppConfig;
  orm: Orm;
  log: ServiceDeps['log'] & Pick<FastifyBaseLogger, 'info'>;
  /** Defaults to createMailer(config): SMTP, or .eml files under MAIL_DIR. */
  mailer?: Mailer;
  /** Defaults to DEFAULT_RATE_LIMITS; tests loosen them (and tighten one to prove the 429). */
  rateLimits?: RateLimits;
  /** Defaults to DEFAULT_FAILURE_SLOWDOWNS; tests turn them off except where they prove them. */
  failureSlowdowns?: FailureSlowdowns;
}

/**
 * The use cases' dependencies, shared by the REST routes and tRPC. Rate limits live in Redis when
 * REDIS_URL is set (so several server processes share them), in memory otherwise.
 * `close()` releases the Redis connection.
 */
export function createServiceDeps({
  config,
  orm,
  log,
  mailer,
  rateLimits = DEFAULT_RATE_LIMITS,
  failureSlowdowns = DEFAULT_FAILURE_SLOWDOWNS,
}: ServiceDepsOptions): ServiceDeps & { close(): Promise<void> } {
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true })
    : undefined;
  const limiter = createRateLimiter({
    store: redis ? createRedisStore(redis) : createMemoryStore(),
    limits: rateLimits,
    slowdowns: failureSlowdowns,
    onStoreError: (error) => log.error({ err: error }, 'rate limit store failed'),
  });
  return {
    orm,
    config,
    mailer:
      mailer ?? createMailer({ smtpUrl: config.smtpUrl, mailDir: config.mailDir, logger: log }),
    limiter,
    log,
    close: () => limiter.close(),
  };
}
