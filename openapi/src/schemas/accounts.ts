import { z } from 'zod';
import { USER_ROLES, PROFILE_SEXES } from '../enums.js';
import { isHttpUrl } from '../http-url.js';
import { INVALID_CODE } from '../messages.js';
import { TEXT_PATTERNS, atMost } from '../text-rules.js';
import { auditReasonField } from './audit.js';
import { emailField, mobileField, newPasswordField, requiredText, text } from './fields.js';

/*
 * The account calls' inputs: register, login, the password reset, the own profile and the
 * Admin's role change. Used as they are by the REST routes (parseInput), the tRPC procedures
 * (.input()) and the web forms (safeParse).
 */

export const emailInput = z.object({ email: emailField });

export const loginInput = z.object({
  email: emailField,
  password: z
    .string({
      error: (issue) => (issue.input == null ? 'Password is required' : 'Password must be text.'),
    })
    .min(1, { error: 'Password is required', abort: true })
    .refine(atMost(128), 'Password must be at most 128 characters.'),
});
export type LoginInput = z.output<typeof loginInput>;

export const registerInput = z.object({
  email: emailField,
  firstName: requiredText(
    'First Name is required',
    100,
    'First Name must be at most 100 characters.',
  ),
  lastName: requiredText('Last Name is required', 100, 'Last Name must be at most 100 characters.'),
  password: newPasswordField,
  mobile: mobileField.optional(),
});
export type RegisterInput = z.output<typeof registerInput>;

export const sendOtpInput = emailInput;
export const verifyOtpInput = z.object({
  email: emailField,
  otp: z
    .string({ error: (issue) => (issue.input == null ? 'Code is required' : INVALID_CODE) })
    .trim()
    .min(1, { error: 'Code is required', abort: true })
    .regex(/^[0-9]{6}$/, 'The code has 6 digits.'),
});
export const resetPasswordInput = z.object({ password: newPasswordField });
export type SendOtpInput = z.output<typeof sendOtpInput>;
export type VerifyOtpInput = z.output<typeof verifyOtpInput>;
export type ResetPasswordInput = z.output<typeof resetPasswordInput>;

export const resendVerificationInput = emailInput;
export type ResendVerificationInput = z.output<typeof resendVerificationInput>;

/**
 * An http(s) link, or '' to clear it. Not trimmed: a value of spaces only was trimmed to '' and
 * cleared the link, though the contract (HttpUrl, or an empty form value) refuses it; a value
 * with spaces is refused like any other non-link, with the field's own message (the web form
 * trims and sends null for a blank field).
 */
const httpUrl = (label: string) =>
  text(label, 'single', `${label} must be a link starting with http:// or https://.`)
    .refine(atMost(2048), `${label} must be at most 2048 characters.`)
    // A value with line breaks or control characters has the text check's error alone.
    .refine((value) => value === '' || !TEXT_PATTERNS.single.test(value) || isHttpUrl(value), {
      error: `${label} must be a link starting with http:// or https://.`,
    })
    .nullable();

export const profileFieldsInput = z.object({
  age: z
    .number({ error: 'Age must be a whole number.' })
    .int('Age must be a whole number.')
    .min(0, 'Age must be between 0 and 150.')
    .max(150, 'Age must be between 0 and 150.')
    .nullable()
    .optional(),
  portfolio: httpUrl('Portfolio').optional(),
  sex: z.enum(PROFILE_SEXES, { error: 'Sex must be Male, Female, Other or empty.' }).optional(),
  bio: text('Bio', 'multiple')
    .refine(atMost(1000), 'Bio must be at most 1000 characters.')
    .optional(),
  facebook: httpUrl('Facebook').optional(),
});

/**
 * The caller's own update. `email` and `role` are accepted and ignored (the contract marks them
 * read-only): the web form sends the whole user back, and neither may change here.
 */
export const profileUpdateInput = z.object({
  email: z.unknown().optional(),
  role: z.unknown().optional(),
  firstName: requiredText(
    'First Name is required',
    100,
    'First Name must be at most 100 characters.',
  ).optional(),
  lastName: requiredText(
    'Last Name is required',
    100,
    'Last Name must be at most 100 characters.',
  ).optional(),
  mobile: mobileField.optional(),
  // Empty keeps the old password; anything else follows the new-password rules.
  password: z
    .string({ error: 'Password must be text.' })
    .superRefine((value, context) => {
      if (value === '') return;
      const result = newPasswordField.safeParse(value);
      for (const issue of result.error?.issues ?? []) {
        context.addIssue({ code: 'custom', message: issue.message });
      }
    })
    .optional(),
  currentPassword: z
    .string({ error: 'Current password must be text.' })
    .refine(atMost(128), 'Current password must be at most 128 characters.')
    .optional(),
  profile: profileFieldsInput.optional(),
});
export type ProfileUpdateInput = z.output<typeof profileUpdateInput>;

export const userEmailInput = emailInput;
export const roleUpdateInput = z.object({
  role: z.enum(USER_ROLES, { error: 'Role must be Admin, Chef or User.' }),
  // Why, for the audit log; optional, so older clients that send only the role still work.
  reason: auditReasonField,
});
export type RoleUpdateInput = z.output<typeof roleUpdateInput>;
