import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { databaseFaultSummary, databaseUnavailable } from '../db/database-unavailable.js';
import { AppError, INTERNAL_ERROR_DETAIL, retryAfterSeconds } from '../errors/app-error.js';
import { sendProblem } from './problem.js';

/**
 * Headers an AppError implies, on either body format: Retry-After (429, and 503 when the database
 * is unavailable) and WWW-Authenticate (401).
 */
export function setAppErrorHeaders(reply: FastifyReply, error: AppError) {
  const seconds = retryAfterSeconds(error);
  if (seconds !== undefined) reply.header('retry-after', String(seconds));
  if (error.code === 'UNAUTHENTICATED') {
    reply.header(
      'www-authenticate',
      error.options.invalidToken ? 'Bearer error="invalid_token"' : 'Bearer',
    );
  }
}

/**
 * The one place where thrown errors become problem-details answers. Client mistakes get a specific
 * 4xx; a database that is away is 503 with Retry-After; anything else is logged in full and
 * answered with a generic 500 so internals never leak.
 */
export function handleError(
  error: FastifyError | AppError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const unavailable = databaseUnavailable(error);
  if (unavailable) {
    request.log.warn({ fault: databaseFaultSummary(error) }, 'database unavailable');
    error = unavailable;
  }
  if (error instanceof AppError) {
    setAppErrorHeaders(reply, error);
    return sendProblem(reply, error.status, error.detail, error.fieldErrors);
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const errors: Record<string, string[]> = {};
    for (const issue of fastifyError.validation) {
      const field =
        issue.instancePath.replace(/^\//, '').replace(/\//g, '.') ||
        String(
          (issue.params as { missingProperty?: string }).missingProperty ??
            fastifyError.validationContext ??
            'request',
        );
      (errors[field] ??= []).push(issue.message ?? 'is invalid');
    }
    return sendProblem(reply, 400, 'The request is not valid.', errors);
  }
  const status = fastifyError.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    // Fastify's own client errors (malformed JSON, payload too large, unsupported media type).
    if (status === 429) return reply.send(error);
    // An unreadable body is a 400 like any other (the document's choice, stated in its info):
    // clients handle one status for "fix the request", whichever part of it was wrong.
    if (status === 415) return sendProblem(reply, 400, `${fastifyError.message}. Send JSON.`);
    return sendProblem(reply, status, fastifyError.message);
  }
  request.log.error({ err: error }, 'unhandled error');
  return sendProblem(reply, 500, INTERNAL_ERROR_DETAIL);
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler(handleError);
}
