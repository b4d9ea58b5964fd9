import type { FastifyReply, FastifyRequest } from 'fastify';
import { VERIFY_EMAIL_PREFIX, verificationRedirect } from './verification-redirect.js';
import { sendProblem } from './problem.js';

/** Paths whose errors use the account envelope rather than problem details (see the YAML). */
const ACCOUNT_PREFIXES = ['/api/accounts/', '/api/users/'];
/** A member's own controls (issue 30) answer problem details, like every call after the spec's. */
const PROBLEM_PREFIXES = ['/api/accounts/blocks/'];

/**
 * Errors Fastify raises before routing (a malformed percent-encoding, a path parameter longer
 * than maxParamLength): answered like any other client mistake, in the calling family's error
 * shape, never with Fastify's own body. The verification link, opened by a browser, still
 * redirects: a mangled link is a failed verification.
 */
export const frameworkErrorAnswer =
  (loginPage: string) =>
  (error: Error & { code?: string }, request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? request.url;
    if (path.startsWith(VERIFY_EMAIL_PREFIX))
      return verificationRedirect(reply, 'failed', loginPage);
    const detail =
      error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? 'A part of the URL is too long.'
        : 'The URL is not valid (it has a malformed percent-encoding).';
    const envelope =
      ACCOUNT_PREFIXES.some((prefix) => path.startsWith(prefix)) &&
      !PROBLEM_PREFIXES.some((prefix) => path.startsWith(prefix));
    if (envelope) {
      return reply.status(400).type('application/json').send({ status: 'failed', message: detail });
    }
    return sendProblem(reply, 400, detail);
  };
