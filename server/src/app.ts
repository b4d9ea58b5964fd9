import { mkdirSync } from 'node:fs';
import Fastify, { type FastifyInstance, type FastifyRequest, type RouteOptions } from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { AppConfig } from './config/config.js';
import type { TrustProxy } from './config/setting-types.js';
import type { Database } from './db/database.js';
import { withRequestDeadline } from './db/request-deadline.js';
import { registerAuthentication } from './http/authenticate-hook.js';
import { registerCors } from './http/cors.js';
import { registerErrorHandler } from './http/error-handler.js';
import { frameworkErrorAnswer } from './http/framework-errors.js';
import { loginPageUrl } from './http/verification-redirect.js';
import { registerHealthRoutes } from './http/health-routes.js';
import { trackApiRoutes } from './http/method-not-allowed.js';
import { registerOpenApiRoutes } from './http/openapi-routes.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { requestTimeoutOptions } from './http/request-timeouts.js';
import { registerWebAppRoutes } from './http/web-app-routes.js';
import { contextFactory } from './trpc/context.js';
import { retryAfterResponseMeta } from './trpc/retry-after.js';
import { appRouter, type AppRouter } from './app-router.js';
import { ACCOUNT_USE_CASES } from './modules/accounts/accounts.js';
import { BLOCK_USE_CASES } from './modules/accounts/blocks.js';
import { USER_ADMIN_USE_CASES } from './modules/accounts/user-admin-use-cases.js';
import { verifyEmailRoutes } from './modules/accounts/verify-email.rest.js';
import { CONTACT_USE_CASES } from './modules/contact/contact.js';
import { CATEGORY_USE_CASES } from './modules/categories/categories.js';
import { COMMENT_USE_CASES } from './modules/comments/comments.js';
import { CUSTOMER_USE_CASES } from './modules/customers/customers.js';
import { PRODUCT_USE_CASES } from './modules/products/products.js';
import { REACTION_USE_CASES } from './modules/reactions/reactions.js';
import { RECIPE_USE_CASES } from './modules/recipes/recipes.js';
import { REVIEW_USE_CASES } from './modules/reviews/reviews.js';
import { REPORT_USE_CASES } from './modules/reports/reports.js';
import { MODERATION_USE_CASES } from './modules/moderation/moderation.js';
import { AUDIT_USE_CASES } from './modules/audit/audit-log.js';
import { useCaseRoutes } from './http/use-case-routes.js';
import { SAVE_USE_CASES } from './modules/saves/save-toggle.js';
import { RECIPE_IMPORT_USE_CASES } from './modules/recipe-import/import-recipe.js';
import { homePageRoutes } from './modules/recipe-pages/home-page.routes.js';
import { dashboardPageRoutes } from './modules/recipe-pages/dashboard-page.routes.js';
import { recipePagesRoutes } from './modules/recipe-pages/recipe-page.routes.js';
import { sitemapRoutes } from './modules/recipe-pages/sitemap.routes.js';
import { RECIPE_PHOTO_USE_CASES } from './modules/recipe-photos/upload-photo.js';
import {
  startPhotoSweep,
  type PhotoSweepSchedule,
} from './modules/recipe-photos/photo-sweep-schedule.js';
import { startSearchIndexUpkeep } from './modules/recipes/search/search-index-upkeep.js';
import type { RecurringJob } from './modules/shared/recurring-job.js';
import type { ServiceDeps } from './modules/shared/service-deps.js';
import { createServiceDeps, type ServiceDepsOptions } from './services.js';
import { serializeErrorForLog } from './errors/log-safe-error.js';

export interface BuildAppOptions {
  config: AppConfig;
  /** The open database (app-database.ts); the caller closes it after the app. */
  database: Database;
  /** Tests pass false to keep their output clean, or a stream to read the log lines. */
  logger?: boolean | { stream: NodeJS.WritableStream };
  /** Ready-made service dependencies (tests share them with a tRPC caller); the caller closes them. */
  deps?: ServiceDeps;
  mailer?: ServiceDepsOptions['mailer'];
  /** Sees every route as it is added (the authorization test lists them this way). */
  onRoute?: (route: RouteOptions) => void;
  rateLimits?: ServiceDepsOptions['rateLimits'];
  /** How long a client may take to send a request (REQUEST_TIMEOUT_MS); tests use a short one. */
  requestTimeoutMs?: number;
}

/** Secrets that must never reach a log line, wherever they appear in a request. */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  // Request bodies are not logged today; these keep secrets out if a body ever is.
  'req.body.password',
  'req.body.currentPassword',
  'req.body.otp',
  'req.body.token',
  'body.password',
  'body.currentPassword',
  'body.otp',
  'body.token',
  'res.body.token',
];

/**
 * TRUST_PROXY as Fastify takes it. Fastify 5 treats a bare number as "trust nothing", so a hop
 * count becomes proxy-addr's own hop rule: the socket peer and the next `hops - 1` addresses of
 * X-Forwarded-For are proxies, the address before them is the client.
 */
function fastifyTrustProxy(trustProxy: TrustProxy) {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address: string, hop: number) => hop < trustProxy;
}

/** Request log fields; the verification token in the link's path never reaches the log. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.replace(/\/verify-email\/[^/?]+/, '/verify-email/[redacted]'),
    host: request.host,
    remoteAddress: request.ip,
  };
}

/** Fastify with our logger, path rules, proxy trust, body limit and framework error shapes. */
function createServer(
  config: AppConfig,
  logger: BuildAppOptions['logger'],
  requestTimeoutMs: number | undefined,
): FastifyInstance {
  return Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
          serializers: { req: serializeRequest, err: serializeErrorForLog },
          ...(typeof logger === 'object' ? { stream: logger.stream } : {}),
        }
      : false,
    // The spec's paths end in "/"; both forms answer. Long params keep batched tRPC calls working.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 5000 },
    // Off unless TRUST_PROXY names the proxies: a client must not choose its own request.ip
    // (every per-IP limit keys on it) by sending X-Forwarded-For.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Malformed percent-encodings and over-long path parameters: our error shapes, not Fastify's.
    frameworkErrors: frameworkErrorAnswer(loginPageUrl(config)),
    ...requestTimeoutOptions(requestTimeoutMs),
  });
}

/**
 * Builds the whole HTTP server without listening, so tests drive it through inject().
 * Plugins load in a visible order: external, then app-wide, then routes.
 */
export async function buildApp({
  config,
  database,
  logger = true,
  ...options
}: BuildAppOptions): Promise<FastifyInstance> {
  const { orm } = database;
  const app = createServer(config, logger, options.requestTimeoutMs);

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // Before any route: the /api/ route table answers 405 + Allow for a known path's other methods.
  const apiRoutes = trackApiRoutes(app);

  // External plugins. Cookies carry login's device token (auth/device-cookie.ts) and the web
  // app's dashboard page token (auth/page-cookie.ts); no API call reads either for authentication.
  await app.register(cookie);
  registerSecurityHeaders(app);
  await registerCors(app, config.corsOrigins);

  // App-wide. No MikroORM RequestContext: each use case takes its own entity manager (a fork,
  // or the ORM's own for plain SQL), and a context per request cost a fork and an
  // AsyncLocalStorage run on every request, database or not (about 4 % of a recipe detail's CPU
  // time under load). Every request's database work ends within its budget, so a 503 still
  // leaves within 2 s.
  app.addHook('onRequest', (_request, _reply, done) => withRequestDeadline(done));
  registerErrorHandler(app);
  registerAuthentication(app, database);

  // The use cases' dependencies, shared by the REST routes and tRPC (built here unless given).
  const deps = options.deps ?? ownServiceDeps(app, config, database, options);

  // Routes.
  registerHealthRoutes(app, orm);
  await registerModuleRoutes(app, deps);
  await registerMedia(app, config.mediaDir);
  await registerOpenApiRoutes(app);
  await registerTrpc(app, deps);
  // Server-rendered public pages (home, recipe pages, sitemap, robots.txt) before the app's files.
  await app.register(homePageRoutes, { deps, config });
  // A member's own dashboard, for its page cookie only (auth/page-cookie.ts).
  await app.register(dashboardPageRoutes, { deps, config });
  await app.register(recipePagesRoutes, { deps, config });
  await app.register(sitemapRoutes, { deps, config });
  await registerWebAppRoutes(app, config.webDistDir, apiRoutes);

  return app;
}

/**
 * Dependencies built for this app: the outbox worker, the photo sweep and the search index
 * upkeep run while the app does.
 */
function ownServiceDeps(
  app: FastifyInstance,
  config: AppConfig,
  database: Database,
  options: Pick<BuildAppOptions, 'mailer' | 'rateLimits'>,
): ServiceDeps {
  const own = createServiceDeps({
    config,
    database,
    log: app.log,
    mailer: options.mailer,
    rateLimits: options.rateLimits,
  });
  // The mail outbox's worker, the photo sweep and the search index upkeep start once every
  // plugin is ready and stop (finishing the mail, batch or merge step under way) when the app
  // closes, before the database does.
  let photoSweep: PhotoSweepSchedule | undefined;
  let searchIndexUpkeep: RecurringJob | null = null;
  app.addHook('onReady', async () => {
    own.outbox.start();
    photoSweep = startPhotoSweep(own);
    searchIndexUpkeep = startSearchIndexUpkeep(own);
  });
  app.addHook('onClose', async () => {
    await photoSweep?.stop();
    await searchIndexUpkeep?.stop();
    await own.close();
  });
  return own;
}

/**
 * Each module's REST face, over the same dependencies: its declared use cases' routes
 * (`useCaseRoutes`), or its `modules/<m>/<m>.rest.ts` where it is not converted yet.
 */
async function registerModuleRoutes(app: FastifyInstance, deps: ServiceDeps) {
  for (const routes of [
    useCaseRoutes([...Object.values(ACCOUNT_USE_CASES), ...Object.values(USER_ADMIN_USE_CASES)]),
    verifyEmailRoutes,
    useCaseRoutes(Object.values(CONTACT_USE_CASES)),
    useCaseRoutes(Object.values(CATEGORY_USE_CASES)),
    useCaseRoutes(Object.values(RECIPE_USE_CASES)),
    useCaseRoutes(Object.values(SAVE_USE_CASES)),
    useCaseRoutes(Object.values(REACTION_USE_CASES)),
    useCaseRoutes(Object.values(REVIEW_USE_CASES)),
    useCaseRoutes(Object.values(COMMENT_USE_CASES)),
    useCaseRoutes(Object.values(REPORT_USE_CASES)),
    useCaseRoutes(Object.values(MODERATION_USE_CASES)),
    useCaseRoutes(Object.values(AUDIT_USE_CASES)),
    useCaseRoutes(Object.values(BLOCK_USE_CASES)),
    useCaseRoutes(Object.values(RECIPE_IMPORT_USE_CASES)),
    useCaseRoutes(Object.values(RECIPE_PHOTO_USE_CASES)),
    useCaseRoutes(Object.values(CUSTOMER_USE_CASES)),
    useCaseRoutes(Object.values(PRODUCT_USE_CASES)),
  ]) {
    await app.register(routes, deps);
  }
}

async function registerMedia(app: FastifyInstance, mediaDir: string) {
  // Uploaded pictures: server-chosen, never reused names, so they may be cached for a year.
  mkdirSync(mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    wildcard: true,
    setHeaders(reply) {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      reply.header('x-content-type-options', 'nosniff');
      // Public files: a third-party client on another origin shows them too (helmet's default
      // same-origin policy would block its <img> under cross-origin isolation).
      reply.header('cross-origin-resource-policy', 'cross-origin');
    },
  });
}

/** tRPC under /trpc: the modules' procedures assembled in app-router.ts. */
async function registerTrpc(app: FastifyInstance, deps: ServiceDeps) {
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: contextFactory(deps),
      responseMeta: retryAfterResponseMeta,
      onError({ error, path }) {
        if (error.code === 'INTERNAL_SERVER_ERROR')
          app.log.error({ err: error, path }, 'tRPC error');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
}
