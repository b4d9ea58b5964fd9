import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { sendMethodNotAllowed, type ApiRouteTable } from './method-not-allowed.js';
import { sendProblem } from './problem.js';

const API_PREFIXES = ['/api/', '/trpc/', '/media/'];

/**
 * Serves the built web app on the same port as the API, precompressed (Brotli or gzip, as the
 * browser accepts). Hashed assets are cached for a year; `/` gets the prerendered home page and
 * any other GET that is not an API call gets index.html so the client router can answer it
 * (including its own not-found page). Unknown API paths get a problem-details 404; a known /api/
 * path asked with a method it does not have gets 405 with `Allow`.
 */
export async function registerWebAppRoutes(
  app: FastifyInstance,
  webDistDir: string,
  apiRoutes: ApiRouteTable,
) {
  const indexFile = path.join(webDistDir, 'index.html');
  const hasWebApp = existsSync(indexFile);
  // web/'s build also writes home.html: index.html with the home page's first render inside, so
  // `/` paints before the app's script runs. Any other path gets the empty shell.
  const homeFile = existsSync(path.join(webDistDir, 'home.html')) ? 'home.html' : 'index.html';

  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      // web/'s build writes .br and .gz beside each text asset; send those when the browser
      // accepts them rather than compressing per request (or not at all).
      preCompressed: true,
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi =
      API_PREFIXES.some((prefix) => url.startsWith(prefix)) || url === '/api' || url === '/trpc';
    const allowed = url.startsWith('/api/') ? apiRoutes.allowedMethods(url) : [];
    if (allowed.length > 0) return sendMethodNotAllowed(reply, request.method, url, allowed);
    if (isApi || request.method !== 'GET') {
      return sendProblem(reply, 404, `No route for ${request.method} ${url}.`);
    }
    if (!hasWebApp) {
      return reply
        .status(404)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build` (or `npm start`, which builds it).');
    }
    return reply
      .header('cache-control', 'no-cache')
      .sendFile(url === '/' ? homeFile : 'index.html');
  });
}
