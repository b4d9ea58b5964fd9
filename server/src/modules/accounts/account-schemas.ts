import { z } from 'zod';
import { atMost } from '../shared/text-length.js';
import {
  TEXT_PATTERNS,
  disallowedCharactersMessage,
  type TextLines,
} from '../shared/text-characters.js';
import { COMMON_PASSWORDS } from './common-passwords.js';

/**
 * Field schemas shared by the account use cases, with the spec's messages (section 5) where it
 * gives them. Used as is by the REST routes (parseInput) and the tRPC procedures (.input()).
 */

const missing = (input: unknown) => input === undefined || input === null;

/** "First Name is required" -> "First Name", "Ingredients are required" -> "Ingredients". */
const labelOf = (required: string) => required.replace(/ (is|are) required$/, '');

/**
 * A string whose characters follow the text rule (shared/text-characters.ts). Checked before any
 * trimming, so a line break at either end is refused too, as the contract's pattern says.
 */
export function text(label: string, lines: TextLines, error?: z.core.$ZodStringParams['error']) {
  return z
    .string(error === undefined ? { error: `${label} must be text.` } : { error })
    .regex(TEXT_PATTERNS[lines], disallowedCharactersMessage(label, lines));
}

/**
 * A required, trimmed string: absent, null and blank all read "<required>". Single-line unless
 * `lines` says otherwise.
 */
export function requiredText(
  required: string,
  max: number,
  tooLong: string,
  lines: TextLines = 'single',
) {
  const label = labelOf(required);
  return text(label, lines, (issue) => (missing(issue.input) ? required : `${label} must be text.`))
    .trim()
    .min(1, { error: required, abort: true })
    .refine(atMost(max), tooLong);
}

export const emailField = text('Email', 'single', (issue) =>
  missing(issue.input) ? 'Email is required' : 'Enter a valid email address.',
)
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

export const mobileField = text('Mobile', 'single')
  .trim()
  .refine(atMost(20), 'Mobile must be at most 20 characters.')
  .nullable()
  .transform((value) => (value === '' ? null : value));

export const emailInput = z.object({ email: emailField });
