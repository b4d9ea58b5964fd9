import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.js';
import { bearerToken, viewerOfToken } from '../auth/authenticate.js';
import type { SessionKind } from '../auth/session.entity.js';
import type { Viewer } from '../auth/viewer.js';

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
 * A callback hook, not an async one: an anonymous request (most reads) is done without a promise
 * or an entity manager.
 */
export function registerAuthentication(app: FastifyInstance, database: Database) {
  app.decorateRequest('viewer', null);
  app.addHook('preHandler', (request, _reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    const mode = request.routeOptions.config.bearer ?? 'login';
    if (mode === 'ignore') return done();
    let token: string | null;
    try {
      token = bearerToken(request.headers.authorization);
    } catch (error) {
      return done(error as Error);
    }
    if (token === null) return done();
    viewerOfToken(database, token, mode).then((viewer) => {
      request.viewer = viewer;
      done();
    }, done);
  });
}
