import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { RequestContext, type MikroORM } from '@mikro-orm/core';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { AppConfig } from './config/config.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerHealthRoutes } from './http/health-routes.js';
import { registerOpenApiRoutes } from './http/openapi-routes.js';
import { registerWebAppRoutes } from './http/web-app-routes.js';
import { contextFactory } from './trpc/context.js';
import { appRouter, type AppRouter } from './trpc/routers/_app.js';

export interface BuildAppOptions {
  config: AppConfig;
  orm: MikroORM;
  /** Tests pass false to keep their output clean. */
  logger?: boolean;
}

/** Secrets that must never reach a log line, wherever they appear in a request. */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
];

/**
 * Builds the whole HTTP server without listening, so tests drive it through inject().
 * Plugins load in a visible order: external, then app-wide, then routes.
 */
export async function buildApp({
  config,
  orm,
  logger = true,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? { level: config.logLevel, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }
      : false,
    // The spec's paths end in "/"; both forms answer. Long params keep batched tRPC calls working.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 5000 },
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  });

  // External plugins.
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'https:', 'http:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });

  // App-wide: one entity-manager fork per request, one error handler.
  app.addHook('onRequest', (_request, _reply, done) => {
    RequestContext.create(orm.em, done);
  });
  registerErrorHandler(app);

  // Routes.
  registerHealthRoutes(app, orm);
  await registerOpenApiRoutes(app);
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: contextFactory(config, orm),
      onError({ error, path }) {
        if (error.code === 'INTERNAL_SERVER_ERROR')
          app.log.error({ err: error, path }, 'tRPC error');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
  await registerWebAppRoutes(app, config.webDistDir);

  return app;
}
