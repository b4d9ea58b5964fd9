/**
 * Text as search sees it, in one place for the query (search.ts, the indexes) and for the ranking
 * of candidates (search-rank.ts): lower case, Latin accents removed (é → e, as FTS5's
 * `unicode61 remove_diacritics 2` and MySQL's accent-insensitive collation fold them), split into
 * runs of letters, marks and digits. Only Latin combining accents are removed: vowel signs of
 * other scripts (Bengali ি, া ...) are part of the word and stay.
 */
const NOT_A_WORD_CHARACTER = /[^\p{L}\p{M}\p{N}]+/u;
const NON_ASCII = /[\u0080-\uffff]/;

export function foldText(text: string): string {
  // Most text is plain ASCII: NFKD is the costly step, and it changes nothing there.
  if (!NON_ASCII.test(text)) return text.toLowerCase();
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLowerCase();
}

/** The folded words of `text`, in order, repeats kept. */
export function textWords(text: string): string[] {
  return foldText(text)
    .split(NOT_A_WORD_CHARACTER)
    .filter((word) => word.length > 0);
}

/**
 * Words too common to narrow a search, left out of it unless nothing else is left: InnoDB's
 * default FULLTEXT stopwords, so "chicken with rice" searches "chicken rice".
 */
export const COMMON_WORDS: ReadonlySet<string> = new Set(
  (
    'a about an are as at be by com de en for from how i in is it la of on or that the this to ' +
    'was what when where who will with und www'
  ).split(' '),
);

/**
 * Words of a search, folded as foldText folds text (lower case, Latin accents removed), at
 * most eight.
 */
export function searchWords(search: string): string[] {
  return textWords(search).slice(0, 8);
}

export const isCommon = (word: string) => COMMON_WORDS.has(word);

/** The words a search matches: without repeats and common words (unless only those are left). */
export function matchedWords(words: readonly string[]): string[] {
  const unique = [...new Set(words)];
  const kept = unique.filter((word) => !isCommon(word));
  return kept.length > 0 ? kept : unique;
}

/**
 * Words this long or longer match as prefixes ("tomat" finds "tomato"); shorter ones, and the
 * common words (searched only when nothing else is left), only as whole words. A one- or
 * two-letter prefix matches nearly every recipe (at 100,000 bench recipes "s*" matches all of
 * them and "sa*" 99,268) and costs FTS5 34-190 ms to expand ("the*" 60-80 ms: the, then, there
 * ...), while the whole word ("kg", "mi", "of") is still a useful search.
 */
export const MIN_PREFIX_LENGTH = 3;

export const matchesAsPrefix = (word: string) =>
  [...word].length >= MIN_PREFIX_LENGTH && !COMMON_WORDS.has(word);

/** Whether the folded text word `token` is matched by the folded search word `word`. */
export function wordMatches(word: string, token: string): boolean {
  return matchesAsPrefix(word) ? token.startsWith(word) : token === word;
}

const WORD_CHARACTER = /[\p{L}\p{M}\p{N}]/u;

function isWordCharacter(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  if (Number.isNaN(code)) return false;
  if (code < 128)
    return (code >= 48 && code <= 57) || (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
  // A surrogate pair's halves are tested together (letters beyond the Basic Multilingual Plane).
  const start = code >= 0xdc00 && code <= 0xdfff && at > 0 ? at - 1 : at;
  return WORD_CHARACTER.test(String.fromCodePoint(text.codePointAt(start) ?? code));
}

const LATIN_ACCENTS = /[\u0300-\u036f]/g;
const NON_ASCII_CHARACTER = /[\u0080-\u{10ffff}]/gu;
/** Characters seen so far, folded; bounded, because search words (input) pass here too. */
const foldedCharacters = new Map<string, string>();
const FOLDED_CHARACTERS_KEPT = 4_096;

function foldCharacter(character: string): string {
  let folded = foldedCharacters.get(character);
  if (folded === undefined) {
    folded = character.normalize('NFKD').replace(LATIN_ACCENTS, '');
    if (foldedCharacters.size < FOLDED_CHARACTERS_KEPT) foldedCharacters.set(character, folded);
  }
  return folded;
}

/**
 * `text` folded for counting (lower case, Latin accents removed), without recomposing (NFC):
 * fold search words with it too before counting them. Measured on 200 bench recipes (275,000
 * characters): 1.1 ms, against 24 ms to fold and split them into words with textWords.
 * Character by character (NFKD decomposes each code point on its own; only the order of
 * several non-Latin marks on one letter could differ): 1.3 µs per bench field against 4.5-5.4
 * µs for the whole field's NFKD (3,000 fields, two-thirds with an accent, same answers).
 */
export function foldForCounting(text: string): string {
  if (!NON_ASCII.test(text)) return text.toLowerCase();
  return text.replace(NON_ASCII_CHARACTER, foldCharacter).toLowerCase();
}

/** How many words `folded` (foldForCounting) holds: runs of word characters, without a split. */
export function countWords(folded: string): number {
  let words = 0;
  let inWord = false;
  for (let at = 0; at < folded.length; at++) {
    const wordCharacter = isWordCharacter(folded, at);
    if (wordCharacter && !inWord) words++;
    inWord = wordCharacter;
  }
  return words;
}

/**
 * How many words of `folded` (foldForCounting) `word` (folded the same way) matches: a prefix
 * from MIN_PREFIX_LENGTH letters on, else the whole word. The same answer as counting the
 * matching words of textWords(text), found with indexOf instead of a split.
 */
export function countWordMatches(folded: string, word: string): number {
  let found = 0;
  for (let at = folded.indexOf(word); at >= 0; at = folded.indexOf(word, at + 1)) {
    if (isWordCharacter(folded, at - 1)) continue;
    if (!matchesAsPrefix(word) && isWordCharacter(folded, at + word.length)) continue;
    found++;
  }
  return found;
}
