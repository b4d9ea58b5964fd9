import { TRPCClientError } from '@trpc/client';
import type { AppRouter } from '@recipehub/server/app-router';

export type AppClientError = TRPCClientError<AppRouter>;

/**
 * What the server's error formatter adds to every tRPC error (server/src/trpc/trpc.ts), typed by
 * the router itself: the domain code, field errors and Retry-After seconds.
 */
export type AppErrorData = NonNullable<AppClientError['data']>;

export function asAppError(error: unknown): AppClientError | null {
  return error instanceof TRPCClientError ? (error as AppClientError) : null;
}

export function errorData(error: unknown): AppErrorData | null {
  return asAppError(error)?.data ?? null;
}

/** HTTP status of a failed call; 0 when no answer came back (network down). */
export function errorStatus(error: unknown): number {
  return errorData(error)?.httpStatus ?? 0;
}

export function fieldErrors(error: unknown): Record<string, string[]> {
  return errorData(error)?.fieldErrors ?? {};
}

/** The first message for a field ("Email already exists!"), if any. */
export function firstFieldError(error: unknown, field: string): string | undefined {
  return fieldErrors(error)[field]?.[0];
}

/** Every field message joined, for toasts like "Failed to create recipe: {joined field errors}". */
export function joinedFieldErrors(error: unknown): string {
  return Object.values(fieldErrors(error)).flat().join(' ');
}

/** The server's own message (problem detail), when there was an answer. */
export function serverMessage(error: unknown): string | undefined {
  const appError = asAppError(error);
  return appError && errorStatus(error) > 0 ? appError.message : undefined;
}
