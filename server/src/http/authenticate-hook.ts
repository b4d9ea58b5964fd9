import type { FastifyInstance } from 'fastify';
import type { Orm } from '../db/open-database.js';
import { authenticateBearer } from '../modules/accounts/authenticate.js';
import type { SessionKind } from '../modules/accounts/session.entity.js';
import type { Viewer } from '../modules/accounts/viewer.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated caller, or null for an anonymous request (set on /api/ routes). */
    viewer: Viewer | null;
  }
  interface FastifyContextConfig {
    /**
     * Which bearer token the route takes: a login token (default), the password reset token
     * (reset-password only), or none at all (`ignore`: login checks credentials in its body).
     */
    bearer?: SessionKind | 'ignore';
  }
}

/**
 * Every /api/ route: no Authorization header is anonymous; an invalid, expired or revoked token is
 * 401 even on public calls. tRPC resolves the same token in its own procedure builders.
 */
export function registerAuthentication(app: FastifyInstance, orm: Orm) {
  app.decorateRequest('viewer', null);
  app.addHook('preHandler', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const mode = request.routeOptions.config.bearer ?? 'login';
    if (mode === 'ignore') return;
    request.viewer = await authenticateBearer(orm.em.fork(), request.headers.authorization, mode);
  });
}
