/** Longest piece of user text a mail repeats; names are at most 100 characters at input. */
const MAX_QUOTED_LENGTH = 100;

/**
 * Makes text a user typed (a name) safe to repeat inside a mail we send, possibly to an address
 * the user does not own (registration mails any address). The result is meant to sit inside
 * quotation marks in the middle of one of our sentences, so it can never read as our own words:
 *
 * - compatibility forms are folded first (NFKC), so full-width `ｈｔｔｐ：／／` is caught below;
 * - line breaks, tabs, other control characters and invisible format characters (bidi overrides,
 *   zero-width joiners) become spaces: the text cannot start a line or a paragraph of its own,
 *   nor reorder what follows it;
 * - anything a mail client could turn into a link is defanged the way security notices do it:
 *   `:` after a letter or digit becomes `[:]` (schemes such as `http:`, `mailto:`, `javascript:`)
 *   and a dot between letters or digits becomes `[.]` (`www.example.com`, bare domains, email
 *   addresses), so the only link in our mails is ours;
 * - quotation marks become apostrophes so the text cannot close our quotes, and it is cut to
 *   100 characters.
 *
 * Input validation refuses control characters in names today, but older rows may hold anything,
 * so the mail does not rely on it. Our mails are plain text only; an HTML part would also have
 * to HTML-escape this text.
 */
export function quoteUserText(text: string): string {
  const flat = text
    .normalize('NFKC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
  const defanged = flat
    .replace(/(?<=[\p{L}\p{N}]):/gu, '[:]')
    .replace(/(?<=[\p{L}\p{N}])\.(?=[\p{L}\p{N}])/gu, '[.]')
    .replace(/["\u201C\u201D\u201E\u00AB\u00BB]/gu, "'");
  const cut =
    [...defanged].length > MAX_QUOTED_LENGTH
      ? `${[...defanged].slice(0, MAX_QUOTED_LENGTH - 1).join('')}…`
      : defanged;
  return `“${cut}”`;
}
