import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import type { AppConfig } from '../config/config.js';
import type { Database, Orm } from '../db/database.js';
import { loginClientOf } from '../auth/device-cookie.js';
import { clearPageCookie } from '../auth/page-cookie.js';
import type { LoginClient } from '../auth/login-client.js';
import type { ServiceDeps } from '../modules/shared/service-deps.js';

/** Headers a proxy adds: the request was forwarded, whatever socket it arrived on. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/**
 * What every procedure may use: the services' dependencies plus the request facts they need
 * (the bearer header, resolved by the procedure builders in trpc.ts, the client IP for limits,
 * and for login the device token and a way to hand out a new one, as the REST face does).
 */
export interface TrpcContext {
  config: AppConfig;
  /** The open database (deps.database): the bearer look-up reads through it. */
  database: Database;
  orm: Orm;
  deps: ServiceDeps;
  authorization: string | undefined;
  ip: string;
  /** The device token presented and its cookie; absent for in-process callers (tests). */
  loginClient?: LoginClient;
  /** Logout drops the dashboard's page cookie (auth/page-cookie.ts); absent in process. */
  clearPageCookie?: () => void;
  /** The request came through a proxy (it carries forwarding headers). */
  forwarded?: boolean;
}

export function contextFactory(deps: ServiceDeps) {
  return (options?: CreateFastifyContextOptions): TrpcContext => ({
    config: deps.config,
    database: deps.database,
    orm: deps.orm,
    deps,
    authorization: options?.req.headers.authorization,
    ip: options?.req.ip ?? 'unknown',
    loginClient: options
      ? loginClientOf(options.req, options.res, deps.config, { pageCookie: true })
      : undefined,
    clearPageCookie: options ? () => clearPageCookie(options.res, deps.config) : undefined,
    forwarded: FORWARDING_HEADERS.some((name) => options?.req.headers[name] !== undefined),
  });
}
