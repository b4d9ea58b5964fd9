/**
 * Domain errors carry a stable code; the HTTP face and the tRPC face each translate the code once
 * (http/error-handler.ts, trpc/trpc.ts), so services never think about transports.
 */
export const APP_ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type AppErrorCode = keyof typeof APP_ERROR_STATUS;

/** Field name to the messages a form shows beside that field. */
export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    /** Safe to show to the client: written for people, never an internal message. */
    readonly detail: string,
    readonly fieldErrors?: FieldErrors,
  ) {
    super(detail);
    this.name = 'AppError';
  }

  get status(): number {
    return APP_ERROR_STATUS[this.code];
  }
}
