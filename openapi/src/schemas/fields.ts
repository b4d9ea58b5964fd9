import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../limits.js';
import {
  TEXT_PATTERNS,
  atMost,
  disallowedCharactersMessage,
  type TextLines,
} from '../text-rules.js';
import { COMMON_PASSWORDS } from './common-passwords.js';

/*
 * Field schemas the input schemas are built from, with the spec's messages (section 5) where it
 * gives them.
 */

const missing = (input: unknown) => input === undefined || input === null;

/** "First Name is required" -> "First Name", "Ingredients are required" -> "Ingredients". */
const labelOf = (required: string) => required.replace(/ (is|are) required$/, '');

/**
 * A string whose characters follow the text rule (text-rules.ts). Checked before any trimming, so
 * a line break at either end is refused too, as the contract's pattern says.
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

/** A new password: at least 8 characters, at most 128, and not one of the commonest. */
export const newPasswordField = z
  .string({
    error: (issue) => (missing(issue.input) ? 'Password is required' : 'Password must be text.'),
  })
  .min(1, { error: 'Password is required', abort: true })
  .min(MIN_PASSWORD_LENGTH, {
    error: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
    abort: true,
  })
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

/** A database id: 1 to 2147483647. */
export const idSchema = (field: string) =>
  z
    .number({ error: `${field} must be a positive whole number.` })
    .int()
    .min(1)
    .max(2_147_483_647);
