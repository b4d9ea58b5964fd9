import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, INTERNAL_ERROR_DETAIL } from '../errors/app-error.js';
import { sendProblem } from './problem.js';

/** Headers an AppError implies, on either body format: Retry-After (429) and WWW-Authenticate (401). */
export function setAppErrorHeaders(reply: FastifyReply, error: AppError) {
  if (error.code === 'RATE_LIMITED') {
    reply.header('retry-after', String(error.options.retryAfterSeconds ?? 60));
  }
  if (error.code === 'UNAUTHENTICATED') {
    reply.header(
      'www-authenticate',
      error.options.invalidToken ? 'Bearer error="invalid_token"' : 'Bearer',
    );
  }
}

/**
 * The one place where thrown errors become problem-details answers. Client mistakes get a specific
 * 4xx; anything else is logged in full and answered with a generic 500 so internals never leak.
 */
export function handleError(
  error: FastifyError | AppError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
) {
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
    return sendProblem(reply, status, fastifyError.message);
  }
  request.log.error({ err: error }, 'unhandled error');
  return sendProblem(reply, 500, INTERNAL_ERROR_DETAIL);
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler(handleError);
}
