/*
 * Validation issues as the field errors both faces send and forms show. Pure and zod-free: it
 * reads issues as zod and Standard Schema (what tRPC reports) both describe them.
 */

/** `{ "profile.age": ["Age must be between 0 and 150."] }`: a dotted field path, its messages. */
export type FieldErrors = Record<string, string[]>;

/** A validation issue as zod and Standard Schema both describe it. */
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
 * One message per form field, the first said: `profile.age` shows on `age` and `category_ids.0`
 * on `category_ids` (a form's field is the path's last object key, list positions dropped).
 */
export function firstFieldMessages(errors: FieldErrors): Record<string, string> {
  const first: Record<string, string> = {};
  for (const [path, messages] of Object.entries(errors)) {
    const keys = path.split('.').filter((key) => !/^\d+$/.test(key));
    const field = keys.at(-1) ?? path;
    const message = messages[0];
    if (message !== undefined) first[field] ??= message;
  }
  return first;
}

/** A failed parse's issues as a form shows them: one message beside each field. */
export function formFieldErrors(issues: readonly ValidationIssue[]): Record<string, string> {
  return firstFieldMessages(issuesToFieldErrors(issues));
}
