import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import type { AppConfig } from '../config/config.js';
import type { Orm } from '../db/open-database.js';
import type { ServiceDeps } from '../modules/service-deps.js';

/**
 * What every procedure may use: the services' dependencies plus the two request facts they need
 * (the bearer header, resolved by the procedure builders in trpc.ts, and the client IP for limits).
 */
export interface TrpcContext {
  config: AppConfig;
  orm: Orm;
  deps: ServiceDeps;
  authorization: string | undefined;
  ip: string;
}

export function contextFactory(deps: ServiceDeps) {
  return (options?: CreateFastifyContextOptions): TrpcContext => ({
    config: deps.config,
    orm: deps.orm,
    deps,
    authorization: options?.req.headers.authorization,
    ip: options?.req.ip ?? 'unknown',
  });
}
