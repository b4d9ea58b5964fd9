/**
 * Which characters text input may hold; the same rule is each string's `pattern` in
 * openapi/recipehub.openapi.yaml (keep the two identical: the contract fuzzer builds its values
 * from the document).
 *
 * Never: C0 control characters (NUL included: libsql hands text back only up to a NUL), DEL and
 * the C1 controls; they have no place in a name, a recipe or a message, and they are how text
 * breaks out of a line in a mail, a log or a terminal. Multi-line fields (ingredients,
 * instructions, comments, review and contact texts, bio) keep tab, line feed and carriage return.
 * Single-line fields (names, titles, emails, phone numbers, links, search words) also refuse line
 * breaks, the Unicode line and paragraph separators (U+2028, U+2029) and the bidirectional
 * overrides and isolates (U+202A-U+202E, U+2066-U+2069) that make text display in another order
 * than it reads. Passwords are exempt: they are only ever hashed.
 */
export const SINGLE_LINE_TEXT =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /^[^\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]*$/u;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const MULTI_LINE_TEXT = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$/u;

/** An uploaded photo's key: 128 random bits, hex. Names its files and is what a recipe's `photo` sends. */
export const PHOTO_KEY = /^[a-f0-9]{32}$/;

export type TextLines = 'single' | 'multiple';

export const TEXT_PATTERNS: Record<TextLines, RegExp> = {
  single: SINGLE_LINE_TEXT,
  multiple: MULTI_LINE_TEXT,
};

/** "First Name must not contain line breaks or control characters." */
export function disallowedCharactersMessage(label: string, lines: TextLines): string {
  return lines === 'single'
    ? `${label} must not contain line breaks or control characters.`
    : `${label} must not contain control characters.`;
}

/**
 * A length limit counted the way the contract counts: JSON Schema's `maxLength` (and MySQL's
 * VARCHAR) count Unicode code points, where String.length counts UTF-16 units, so an emoji is one
 * character here and two for `.max()`. Use as `.refine(atMost(100), 'Name must be at most ...')`.
 */
export function atMost(max: number) {
  return (value: string) => value.length <= max || Array.from(value).length <= max;
}
