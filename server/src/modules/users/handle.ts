import { HANDLE_MAX_LENGTH, HANDLE_MIN_LENGTH } from '@recipehub/openapi/limits';

/**
 * A member's public handle (the contract's `Handle`): 3-30 characters of a-z, 0-9 and single
 * hyphens, never at either end. Derived from the name at registration, so the email stays private.
 */

/** Letters NFKD does not split into a base letter and a mark. */
const SPELLED: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
};

/** Digits a suffix adds to a handle, "-" included: room kept in the base so it never overflows. */
const SUFFIX_ROOM = 6;

/** The name's usable part as a handle base: accents dropped, anything else one hyphen. */
export function handleBase(firstName: string, lastName: string): string {
  const spelled = `${firstName} ${lastName}`
    .toLowerCase()
    .replace(/[ßæœøđðłþı]/g, (letter) => SPELLED[letter] ?? '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '');
  return spelled
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, HANDLE_MAX_LENGTH - SUFFIX_ROOM)
    .replace(/-+$/, '');
}

/**
 * The handles to try for a name, best first: the base itself when it is long enough, then the
 * base with a random number of 2, 3, 4... digits (random, so the number says nothing about how
 * many share the name, and a few tries find a free one even for a common name). A name with no
 * usable letters is `cook-<n>`.
 */
export function* handleCandidates(
  firstName: string,
  lastName: string,
  random: () => number = Math.random,
): Generator<string> {
  const derived = handleBase(firstName, lastName);
  const base = derived.length > 0 ? derived : 'cook';
  if (derived.length >= HANDLE_MIN_LENGTH) yield base;
  for (let digits = 2; digits < SUFFIX_ROOM; digits++) {
    for (let attempt = 0; attempt < 3; attempt++) {
      const low = 10 ** (digits - 1);
      yield `${base}-${low + Math.floor(random() * 9 * low)}`;
    }
  }
}

/** The first candidate `isTaken` does not know; a random 5-digit one if all are (never in practice). */
export async function firstFreeHandle(
  firstName: string,
  lastName: string,
  isTaken: (handle: string) => Promise<boolean>,
): Promise<string> {
  let last = '';
  for (const candidate of handleCandidates(firstName, lastName)) {
    last = candidate;
    if (!(await isTaken(candidate))) return candidate;
  }
  return last;
}

/**
 * A handle for a row created without one (seeds, tools, tests): the base with a 5-digit random
 * number, unique in practice; registration looks for a free one instead (`firstFreeHandle`).
 */
export function provisionalHandle(firstName: string, lastName: string): string {
  const base = handleBase(firstName, lastName) || 'cook';
  return `${base}-${10_000 + Math.floor(Math.random() * 90_000)}`;
}
