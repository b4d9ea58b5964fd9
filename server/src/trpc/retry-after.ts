import type { TRPCError } from '@trpc/server';
import { AppError, retryAfterSeconds } from '../errors/app-error.js';

/**
 * tRPC's HTTP answer carries the same Retry-After header as REST when a call was refused for a
 * while (rate limit, database unavailable): the longest wait any call in the batch asked for.
 * Used as the fastify adapter's `responseMeta`.
 */
export function retryAfterResponseMeta({ errors }: { errors: readonly TRPCError[] }): {
  headers?: Record<string, string>;
} {
  let seconds = 0;
  for (const error of errors) {
    const cause = error.cause;
    if (!(cause instanceof AppError)) continue;
    seconds = Math.max(seconds, retryAfterSeconds(cause) ?? 0);
  }
  return seconds > 0 ? { headers: { 'retry-after': String(seconds) } } : {};
}
