import { AppError } from '../errors/app-error.js';

/**
 * The two answers a hot read gives instead of holding its request (and everyone queued behind it)
 * for as long as the database takes: both 503 with Retry-After on REST, SERVICE_UNAVAILABLE with
 * `retryAfterSeconds` (and the same header) on tRPC.
 */
export const SLOW_READ_DETAIL =
  'The recipes are taking too long to load. Please try again shortly.';

/** A read ran past its time limit: the database is slow right now, give it a few seconds. */
export const SLOW_READ_RETRY_AFTER_SECONDS = 5;

/**
 * Every slot for costly reads is taken and so is every place in their queue: answered at once,
 * because anything that waits there would wait seconds. Load spikes pass quickly, so 1 s.
 */
export const BUSY_READ_RETRY_AFTER_SECONDS = 1;

export function slowReadError(): AppError {
  return new AppError('SERVICE_UNAVAILABLE', SLOW_READ_DETAIL, undefined, {
    retryAfterSeconds: SLOW_READ_RETRY_AFTER_SECONDS,
  });
}

export function busyReadError(): AppError {
  return new AppError('SERVICE_UNAVAILABLE', SLOW_READ_DETAIL, undefined, {
    retryAfterSeconds: BUSY_READ_RETRY_AFTER_SECONDS,
  });
}
