import { z } from 'zod';
import { atMost } from '../shared/text-length.js';
import { COMMON_PASSWORDS } from './common-passwords.js';

/**
 * Field schemas shared by the account use cases, with the spec's messages (section 5) where it
 * gives them. Used as is by the REST routes (parseInput) and the tRPC procedures (.input()).
 */

const missing = (input: unknown) => input === undefined || input === null;

/** A required, trimmed string: absent, null and blank all read "<required>". */
export function requiredText(required: string, max: number, tooLong: string) {
  return z
    .string({
      error: (issue) =>
        missing(issue.input) ? required : `${required.replace(/ is required$/, '')} must be text.`,
    })
    .trim()
    .min(1, { error: required, abort: true })
    .refine(atMost(max), tooLong);
}

export const emailField = z
  .string({
    error: (issue) => (missing(issue.input) ? 'Email is required' : 'Enter a valid email address.'),
  })
  .trim()
  .toLowerCase()
  .min(1, { error: 'Email is required', abort: true })
  .refine(atMost(254), 'Email must be at most 254 characters.')
  .regex(z.regexes.email, 'Enter a valid email address.');

export const MIN_PASSWORD_LENGTH = 8;

/** A new password: at least 8 characters, at most 128, and not one of the commonest. */
export const newPasswordField = z
  .string({
    error: (issue) => (missing(issue.input) ? 'Password is required' : 'Password must be text.'),
  })
  .min(1, { error: 'Password is required', abort: true })
  .min(MIN_PASSWORD_LENGTH, { error: 'Password must be at least 8 characters', abort: true })
  .refine(atMost(128), 'Password must be at most 128 characters.')
  .refine(
    (password) => !COMMON_PASSWORDS.has(password.toLowerCase()),
    'This password is too common.',
  );

export const mobileField = z
  .string({ error: 'Mobile must be text.' })
  .trim()
  .refine(atMost(20), 'Mobile must be at most 20 characters.')
  .nullable()
  .transform((value) => (value === '' ? null : value));

export const emailInput = z.object({ email: emailField });
