import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import type { MikroORM } from '@mikro-orm/core';
import type { AppConfig } from '../config/config.js';

/** What every procedure may use: the services' dependencies, never the raw request beyond headers. */
export interface TrpcContext {
  config: AppConfig;
  orm: MikroORM;
}

export function contextFactory(config: AppConfig, orm: MikroORM) {
  return (_options?: CreateFastifyContextOptions): TrpcContext => ({ config, orm });
}
