import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** helmet's options for every answer: the web app's CSP and helmet's other defaults. */
export const SECURITY_HEADER_OPTIONS = {
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
} as const;

/**
 * helmet's security headers on every answer, from one helmet middleware built at start.
 * `@fastify/helmet` 13 builds a new helmet middleware (parsing the CSP directives again) on every
 * request, in two onRequest hooks, one of them async: 4.4 % of the server's time in a CPU profile
 * of random recipe details under load (`npm run bench`'s 100,000-recipe SQLite set, caches off,
 * 50 connections), for headers that never change. We use no per-route helmet options and no CSP
 * nonces, so building it once sends the same headers.
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  const setHeaders = helmet(SECURITY_HEADER_OPTIONS);
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, done as (error?: unknown) => void);
  });
}
