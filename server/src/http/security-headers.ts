import type { IncomingMessage, ServerResponse } from 'node:http';
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
 * helmet's headers as its middleware sets them, recorded once: they depend on nothing of the
 * request (no per-route options, no CSP nonces), so every answer gets the same ones.
 */
export function recordSecurityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    // helmet takes X-Powered-By off; neither Node nor Fastify sets it.
    removeHeader() {},
  };
  helmet(SECURITY_HEADER_OPTIONS)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    () => {},
  );
  return headers;
}

/**
 * helmet's security headers on every answer, as Fastify headers a route may still override (the
 * media files' Cross-Origin-Resource-Policy). `@fastify/helmet` 13 built a new helmet middleware
 * (parsing the CSP directives again) on every request: 4.4 % of the server's time in a CPU
 * profile of random recipe details under load. One middleware built at start still ran its
 * twelve steps on every request, each a `setHeader` on the raw response with Node's name and
 * value checks: 3.8 % of the server's time in a CPU profile of the visitor mix (`npm run
 * bench`'s 100,000-recipe SQLite set, caches off, 50 connections), about 60 µs a request.
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  const headers = recordSecurityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}
