import type { z } from 'zod';
import { AppError, type FieldErrors } from './app-error.js';

/** The message shown above a form when its fields fail validation (spec section 5). */
export const GENERAL_VALIDATION_MESSAGE = 'Please fill in all required fields correctly';

/** A validation issue as zod and Standard Schema (what tRPC reports) both describe it. */
export interface ValidationIssue {
  message: string;
  path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> | undefined;
}

/** Issues as `{ "profile.age": ["..."] }`, one entry per dotted field path, no duplicates. */
export function issuesToFieldErrors(issues: readonly ValidationIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = (issue.path ?? []).map((part) =>
      String(typeof part === 'object' && part !== null ? part.key : part),
    );
    const field = path.length > 0 ? path.join('.') : 'body';
    const messages = (errors[field] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return errors;
}

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
