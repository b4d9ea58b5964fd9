import type { FastifyInstance } from 'fastify';
import { registerAccountErrorHandler } from '../../http/account-envelope.js';
import { loginPageUrl, verificationRedirect } from '../../http/verification-redirect.js';
import type { ServiceDeps } from '../shared/service-deps.js';
import { verifyEmail } from './verify-email.js';

/**
 * GET /api/accounts/verify-email/{token}/, the link in the verification mail. Not a declared use
 * case: a mail client opens it, so it has no tRPC face, no access and no input schema (any token
 * text is answered), and its answer is a redirect to the web app's login page, which http/ builds.
 */
export async function verifyEmailRoutes(app: FastifyInstance, deps: ServiceDeps) {
  registerAccountErrorHandler(app);
  app.get<{ Params: { token: string } }>(
    '/api/accounts/verify-email/:token/',
    { config: { bearer: 'ignore' } },
    async (request, reply) => {
      const result = await verifyEmail(deps, request.params.token);
      return verificationRedirect(reply, result, loginPageUrl(deps.config));
    },
  );
}
