import type { z } from 'zod';
import { GENERAL_VALIDATION_MESSAGE } from '@recipehub/openapi/messages';
import { issuesToFieldErrors } from '@recipehub/openapi/field-errors';
import { AppError } from './app-error.js';

/**
 * Parses untrusted input with a use case's schema; failures become a VALIDATION_FAILED AppError
 * with field errors. A missing body is read as `{}` so every required field gets its own message.
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  data: unknown,
  message: string = GENERAL_VALIDATION_MESSAGE,
): z.output<S> {
  const result = schema.safeParse(data ?? {});
  if (result.success) return result.data;
  throw new AppError('VALIDATION_FAILED', message, issuesToFieldErrors(result.error.issues));
}
