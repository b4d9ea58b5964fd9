import type { FastifyInstance, FastifyReply, RouteOptions } from 'fastify';
import { sendProblem } from './problem.js';

interface ApiRoute {
  pattern: RegExp;
  methods: Set<string>;
}

/** `/api/recipes/lists/:id/` as a regular expression; the trailing slash is optional (as routed). */
function routePattern(url: string): RegExp {
  const body = url
    .replace(/\/$/, '')
    .split('/')
    .map((segment) =>
      segment.startsWith(':')
        ? '[^/]+'
        : segment === '*'
          ? '.*'
          : segment.replace(/[.*+?^$(){}|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${body}/?$`);
}

/**
 * The /api/ route table, read as routes are added (onRoute), so an existing path asked with a
 * method it does not have can answer 405 with `Allow` instead of 404. Call it before any route is
 * registered. tRPC and the web app's routes are left alone: they are not under /api/.
 */
export function trackApiRoutes(app: FastifyInstance) {
  const routes = new Map<string, ApiRoute>();
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/') && route.url !== '/api') return;
    const key = route.url.replace(/\/$/, '');
    const entry = routes.get(key) ?? { pattern: routePattern(route.url), methods: new Set() };
    for (const method of [route.method].flat()) entry.methods.add(method.toUpperCase());
    // Fastify answers HEAD for every GET route (exposeHeadRoutes).
    if (entry.methods.has('GET')) entry.methods.add('HEAD');
    routes.set(key, entry);
  });

  return {
    /** The methods `path` has, or an empty list when no /api/ route has this path. */
    allowedMethods(path: string): string[] {
      const allowed = new Set<string>();
      for (const route of routes.values()) {
        if (route.pattern.test(path)) for (const method of route.methods) allowed.add(method);
      }
      return [...allowed].sort();
    },
  };
}

export type ApiRouteTable = ReturnType<typeof trackApiRoutes>;

/** 405 with the path's methods in `Allow` (RFC 9110 §15.5.6), as problem details. */
export function sendMethodNotAllowed(
  reply: FastifyReply,
  method: string,
  path: string,
  allowed: string[],
) {
  reply.header('allow', allowed.join(', '));
  return sendProblem(
    reply,
    405,
    `${path} does not support ${method}; it supports ${allowed.join(', ')}.`,
  );
}
