import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import type { AppConfig } from '../config/config.js';
import type { Orm } from '../db/open-database.js';
import type { ServiceDeps } from '../modules/service-deps.js';

/** Headers a proxy adds: the request was forwarded, whatever socket it arrived on. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/**
 * What every procedure may use: the services' dependencies plus the request facts they need
 * (the bearer header, resolved by the procedure builders in trpc.ts, and the client IP for limits).
 */
export interface TrpcContext {
  config: AppConfig;
  orm: Orm;
  deps: ServiceDeps;
  authorization: string | undefined;
  ip: string;
  /** The request came through a proxy (it carries forwarding headers). */
  forwarded?: boolean;
}

export function contextFactory(deps: ServiceDeps) {
  return (options?: CreateFastifyContextOptions): TrpcContext => ({
    config: deps.config,
    orm: deps.orm,
    deps,
    authorization: options?.req.headers.authorization,
    ip: options?.req.ip ?? 'unknown',
    forwarded: FORWARDING_HEADERS.some((name) => options?.req.headers[name] !== undefined),
  });
}
