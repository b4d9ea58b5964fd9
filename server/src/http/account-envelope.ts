import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PROFILE_IMAGE_TOO_LARGE } from '@recipehub/openapi/messages';
import { databaseFaultSummary, databaseUnavailable } from '../db/database-unavailable.js';
import { AppError, type AppErrorCode } from '../errors/app-error.js';
import { handleError, setAppErrorHeaders } from './error-handler.js';

/** The `status` word of the account envelope for each domain error (see the YAML's AccountFailure). */
const ENVELOPE_STATUS: Record<
  AppErrorCode,
  'failed' | 'unauthorized' | 'unverified' | 'cooldown' | 'error'
> = {
  VALIDATION_FAILED: 'failed',
  UNAUTHENTICATED: 'error', // never used: a bad or missing token is problem details everywhere
  INVALID_CREDENTIALS: 'unauthorized',
  FORBIDDEN: 'error',
  EMAIL_NOT_VERIFIED: 'unverified',
  NOT_FOUND: 'error',
  CONFLICT: 'failed',
  PAYLOAD_TOO_LARGE: 'failed',
  RATE_LIMITED: 'cooldown',
  SERVICE_UNAVAILABLE: 'error',
  INSUFFICIENT_STORAGE: 'error',
};

export interface AccountFailure {
  status: (typeof ENVELOPE_STATUS)[AppErrorCode];
  message: string;
  errors?: Record<string, string[]>;
  remaining?: number;
}

/**
 * The account calls answer errors in the product's own envelope `{status, message, errors?,
 * remaining?}`; the 401 for a bad or missing bearer token, and unexpected failures, stay problem
 * details (handleError). The error handler of the account routes only (a declared use case's
 * `errors: 'account-envelope'`, http/use-case-routes.ts).
 */
export function accountErrorAnswer(
  error: FastifyError | AppError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const unavailable = databaseUnavailable(error);
  if (unavailable) {
    request.log.warn({ fault: databaseFaultSummary(error) }, 'database unavailable');
    error = unavailable;
  }
  if (error instanceof AppError && error.code !== 'UNAUTHENTICATED') {
    setAppErrorHeaders(reply, error);
    const body: AccountFailure = { status: ENVELOPE_STATUS[error.code], message: error.detail };
    if (error.fieldErrors) body.errors = error.fieldErrors;
    if (error.code === 'RATE_LIMITED') body.remaining = error.options.retryAfterSeconds ?? 60;
    return reply.status(error.status).type('application/json').send(body);
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.code === 'FST_REQ_FILE_TOO_LARGE' || fastifyError.statusCode === 413) {
    return reply
      .status(413)
      .type('application/json')
      .send({
        status: 'failed',
        message: 'Profile Update Failed!',
        errors: { 'profile.image': [PROFILE_IMAGE_TOO_LARGE] },
      } satisfies AccountFailure);
  }
  const status = fastifyError.statusCode;
  if (!(error instanceof AppError) && status !== undefined && status >= 400 && status < 500) {
    // Malformed JSON, unsupported media type, broken multipart: the client's mistake.
    return reply
      .status(400)
      .type('application/json')
      .send({
        status: 'failed',
        message: 'The request could not be read.',
      } satisfies AccountFailure);
  }
  return handleError(error, request, reply);
}

/** The account envelope for every route of a plugin scope (the verification link's). */
export function registerAccountErrorHandler(scope: FastifyInstance) {
  scope.setErrorHandler(accountErrorAnswer);
}
