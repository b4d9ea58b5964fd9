import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { sendMethodNotAllowed, type ApiRouteTable } from './method-not-allowed.js';
import { sendProblem } from './problem.js';

const API_PREFIXES = ['/api/', '/trpc/', '/media/'];

/**
 * A request for a file (a last path segment with an extension: `/robots.txt`, `/logo.png`,
 * `/assets/gone.js`) that the build does not have is a 404, not the app's HTML: crawlers, monitors
 * and stale pages must not receive a 200 page of markup for a missing script or image. Dashboard
 * paths are app routes even with a dot (`/dashboard/users/ann@example.com`).
 */
function looksLikeFile(url: string): boolean {
  if (url.startsWith('/dashboard/')) return false;
  const last = url.slice(url.lastIndexOf('/') + 1);
  return /\.[a-z0-9]{1,10}$/i.test(last);
}

/**
 * Serves the built web app on the same port as the API, precompressed (Brotli or gzip, as the
 * browser accepts). Hashed assets are cached for a year; `/` gets the prerendered home page and
 * any other GET that is not an API call gets index.html so the client router can answer it
 * (including its own not-found page). HEAD answers like GET (monitors use it). Unknown API paths
 * get a problem-details 404; a known /api/ path asked with a method it does not have gets 405 with
 * `Allow`; unknown files a plain 404.
 */
export async function registerWebAppRoutes(
  app: FastifyInstance,
  webDistDir: string,
  apiRoutes: ApiRouteTable,
) {
  const indexFile = path.join(webDistDir, 'index.html');
  const hasWebApp = existsSync(indexFile);
  // web/'s build also writes home.html: index.html with the home page's first render inside, so
  // `/` paints before the app's script runs. Any other path gets the empty shell. When home.html
  // exists, modules/recipe-pages/home-page.routes.ts answers `/` (adding a photo preload) first.
  const homeFile = existsSync(path.join(webDistDir, 'home.html')) ? 'home.html' : 'index.html';

  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      // web/'s build writes .br and .gz beside each text asset; send those when the browser
      // accepts them rather than compressing per request (or not at all).
      preCompressed: true,
      // The server writes these itself (modules/recipe-pages): an older build's copy must not
      // clash with its route.
      globIgnore: ['robots.txt', 'sitemap.xml'],
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
    const readsPage = request.method === 'GET' || request.method === 'HEAD';
    if (isApi || !readsPage) {
      return sendProblem(reply, 404, `No route for ${request.method} ${url}.`);
    }
    if (looksLikeFile(url)) {
      return reply.status(404).type('text/plain; charset=utf-8').send(`No file at ${url}.`);
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
