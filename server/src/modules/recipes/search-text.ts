/**
 * Text as search sees it, in one place for the query (recipe-search.ts) and for the ranking of
 * candidates (recipe-search-rank.ts): lower case, Latin accents removed (é → e, as FTS5's
 * `unicode61 remove_diacritics 2` and MySQL's accent-insensitive collation fold them), split into
 * runs of letters, marks and digits. Only Latin combining accents are removed: vowel signs of
 * other scripts (Bengali ি, া ...) are part of the word and stay.
 */
const NOT_A_WORD_CHARACTER = /[^\p{L}\p{M}\p{N}]+/u;
const NON_ASCII = /[^\u0000-\u007f]/;

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
 * Words this long or longer match as prefixes ("tomat" finds "tomato"); shorter ones only as whole
 * words. A one- or two-letter prefix matches nearly every recipe (at 100,000 bench recipes "s*"
 * matches all of them and "sa*" 99,268) and costs FTS5 34-190 ms to expand, while the whole
 * word ("kg", "mi") is still a useful search.
 */
export const MIN_PREFIX_LENGTH = 3;

export const matchesAsPrefix = (word: string) => [...word].length >= MIN_PREFIX_LENGTH;

/** Whether the folded text word `token` is matched by the folded search word `word`. */
export function wordMatches(word: string, token: string): boolean {
  return matchesAsPrefix(word) ? token.startsWith(word) : token === word;
}
