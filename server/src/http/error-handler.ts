import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error.js';
import { sendProblem } from './problem.js';

/**
 * The one place where thrown errors become HTTP answers. Client mistakes get a specific 4xx;
 * anything else is logged in full and answered with a generic 500 so internals never leak.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.status === 429) reply.header('retry-after', '60');
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
    return sendProblem(reply, 500, 'Something went wrong on our side. Please try again later.');
  });
}
