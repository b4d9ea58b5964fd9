import type { FieldErrors } from '@recipehub/openapi/field-errors';
/**
 * Domain errors carry a stable code; the HTTP face and the tRPC face each translate the code once
 * (http/error-handler.ts + http/account-envelope.ts, trpc/trpc.ts), both from APP_ERROR_STATUS, so services never think about
 * transports.
 */
export const APP_ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  /** No bearer token where one is needed, or an invalid, expired or revoked one (problem details). */
  UNAUTHENTICATED: 401,
  /** Wrong email or password on login (the account envelope's `unauthorized`). */
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  /** Right password, unverified email (the account envelope's `unverified`). */
  EMAIL_NOT_VERIFIED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  /** The server's disk is full: an upload could not be stored, so nothing changed. */
  INSUFFICIENT_STORAGE: 507,
} as const;

export type AppErrorCode = keyof typeof APP_ERROR_STATUS;

export interface AppErrorOptions {
  /** With RATE_LIMITED: seconds until the caller may try again (Retry-After). */
  retryAfterSeconds?: number;
  /** With UNAUTHENTICATED: a token was sent but is not valid (vs. no token at all). */
  invalidToken?: boolean;
}

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    /** Safe to show to the client: written for people, never an internal message. */
    readonly detail: string,
    readonly fieldErrors?: FieldErrors,
    readonly options: AppErrorOptions = {},
  ) {
    super(detail);
    this.name = 'AppError';
  }

  get status(): number {
    return APP_ERROR_STATUS[this.code];
  }
}

/**
 * Seconds a refused caller should wait (Retry-After), the same on both faces: what the error
 * says, else 60 s for a rate limit and 5 s for a database that is away; none for other codes.
 */
export function retryAfterSeconds(error: AppError): number | undefined {
  if (error.code === 'RATE_LIMITED') return error.options.retryAfterSeconds ?? 60;
  if (error.code === 'SERVICE_UNAVAILABLE') return error.options.retryAfterSeconds ?? 5;
  return undefined;
}

export const UNAUTHENTICATED_DETAIL =
  'Authentication credentials were not provided or are no longer valid.';

/** The whole answer to anything that fails on our side, on REST (500) and tRPC alike. */
export const INTERNAL_ERROR_DETAIL = 'Something went wrong on our side. Please try again later.';
