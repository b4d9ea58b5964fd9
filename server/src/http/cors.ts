import type { FastifyInstance, FastifyRequest } from 'fastify';
import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { AppConfig } from '../config/config.js';

/** What a third-party client of the REST façade sends besides simple headers. */
const ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'X-Device-Token'];
/** Headers a client reads from our answers: limits, auth challenges, 405s, its device token. */
const EXPOSED_HEADERS = ['Retry-After', 'WWW-Authenticate', 'Allow', 'Location', 'X-Device-Token'];
const EVERY_METHOD = 'GET,HEAD,POST,PUT,PATCH,DELETE';
/** Browsers cache a preflight for at most this long (Chromium caps it at 2 hours). */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * CORS for the REST façade only, as CORS_ORIGINS says (unset: nothing is registered, so only pages
 * of our own origin can call the API, as before):
 * - a list of exact origins may call every documented method with `Authorization` and
 *   `Content-Type`, with credentials (the device cookie of a login), and answers `Vary: Origin`;
 * - `*` is public read-only use: GET and HEAD from any origin, never with credentials (a browser
 *   refuses `*` with credentials, and a wildcard must not carry cookies anyway).
 * The tRPC endpoint and the web app stay same-origin: they get no CORS headers, so a preflight
 * there falls through to the usual 404/405.
 */
export async function registerCors(app: FastifyInstance, origins: AppConfig['corsOrigins']) {
  if (origins === undefined) return;
  const forApi: FastifyCorsOptions =
    origins === '*'
      ? {
          origin: '*',
          methods: 'GET,HEAD',
          allowedHeaders: ALLOWED_HEADERS,
          exposedHeaders: EXPOSED_HEADERS,
          credentials: false,
          maxAge: PREFLIGHT_MAX_AGE_SECONDS,
        }
      : {
          // Exact matches only: a function, not a list, so no pattern or suffix can sneak in.
          origin: (origin, done) => done(null, origin !== undefined && origins.includes(origin)),
          methods: EVERY_METHOD,
          allowedHeaders: ALLOWED_HEADERS,
          exposedHeaders: EXPOSED_HEADERS,
          credentials: true,
          maxAge: PREFLIGHT_MAX_AGE_SECONDS,
        };
  const sameOriginOnly: FastifyCorsOptions = { origin: false };
  await app.register(cors, {
    delegator: (request: FastifyRequest, done) =>
      done(null, request.url.startsWith('/api/') ? forApi : sameOriginOnly),
  });
}
