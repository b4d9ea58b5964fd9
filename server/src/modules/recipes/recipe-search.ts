import type { EntityManager } from '@mikro-orm/core';
import { isMySql, mysqlServer } from '../shared/hot-read.js';

/** SQLite's FTS5 table over recipe (external content; created by the fulltext_search migration). */
export const SEARCH_TABLE = 'recipe_search';

/**
 * Recipes the newest-first LIKE fallback looks at on MySQL when no word of a search can be in
 * the FULLTEXT index (see mysqlSearch): bounded, so such a search never scans every recipe.
 */
export const LIKE_FALLBACK_RECIPES = 1_000;

/**
 * Words of a search, lower-cased, without Latin accents (é → e, as the FTS5 tokenizer and the
 * MySQL collation fold them), at most eight. Only Latin combining accents are removed: vowel
 * signs of other scripts (Bengali ি, া ...) are part of the word and stay.
 */
export function searchWords(search: string): string[] {
  return search
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, 8);
}

/**
 * Words too common to narrow a search, left out of it unless nothing else is left: InnoDB's
 * default FULLTEXT stopwords, so both databases treat "chicken with rice" as "chicken rice".
 */
export const COMMON_WORDS: ReadonlySet<string> = new Set(
  (
    'a about an are as at be by com de en for from how i in is it la of on or that the this to ' +
    'was what when where who will with und www'
  ).split(' '),
);

/** The words to match: without the ones `skip` rejects, unless that would leave none. */
function significant(words: readonly string[], skip: (word: string) => boolean): string[] {
  const kept = words.filter((word) => !skip(word));
  return kept.length > 0 ? kept : [...words];
}

/**
 * How a search joins, filters and ranks the recipe list query (`r` is `recipe`). The list ranks
 * ids only (`select r.id, <rank> as search_rank ... order by search_rank, newest first limit
 * 10`) and then reads the page's 10 rows: sorting the matches carrying every column (the long
 * ingredients and instructions, the author's names) cost seconds at 100,000 recipes.
 */
export interface SearchSql {
  /** Goes in front of `recipe r` (SQLite: the FTS5 table drives the query). */
  fromPrefix: string;
  where: string[];
  params: unknown[];
  /** The relevance, best first in ascending order (ties: newest first, then by id). */
  rank: string;
  /** Parameters of `rank`, which stands in the select list (before the others). */
  rankParams: unknown[];
}

const NEWEST_FIRST = 'r.`created_at` desc, r.`id` desc';

/**
 * Every word must occur (as a word prefix: "tomat" finds "tomato") in the title, ingredients,
 * instructions or a category name; best matches first. The query text is built only from the
 * words `searchWords` extracted (letters, marks and digits), each quoted, so FTS syntax in the
 * input (`"`, `*`, `-`, `NEAR(`, `OR`, `:`, parentheses) is never syntax.
 */
export async function searchSql(em: EntityManager, words: readonly string[]): Promise<SearchSql> {
  return isMySql(em)
    ? mysqlSearch(em, words)
    : sqliteSearch(significant(words, (word) => COMMON_WORDS.has(word)));
}

/**
 * FTS5: `"word"*` terms (implicitly AND), ranked by bm25 with the title weighted highest, then
 * category names, ingredients and instructions. CROSS JOIN keeps the FTS table as the outer loop,
 * so the index finds the matches and `recipe` is only read by primary key.
 */
function sqliteSearch(words: readonly string[]): SearchSql {
  const match = words.map((word) => `"${word.replace(/"/g, '""')}"*`).join(' ');
  return {
    fromPrefix: `\`${SEARCH_TABLE}\` cross join `,
    where: [`\`${SEARCH_TABLE}\` match ?`, `r.\`id\` = \`${SEARCH_TABLE}\`.\`rowid\``],
    params: [match],
    // Columns: title, ingredients, instructions, category_names (bm25 is negative: best lowest).
    rank: `bm25(\`${SEARCH_TABLE}\`, 10.0, 2.0, 1.0, 4.0)`,
    rankParams: [],
  };
}

const ALL_COLUMNS = 'r.`title`, r.`ingredients`, r.`instructions`, r.`category_names`';

/**
 * InnoDB FULLTEXT in boolean mode: `+word*` for each word (all required, prefix), over the
 * four-column index; relevance is the title index's score (weighted) plus the four-column one
 * (negated, so best sorts first). Measured on MariaDB at 100,000 recipes, "garlic onion"
 * (49,815 matches): the two MATCH expressions are not the cost (ranking by the four-column score
 * alone, or by none, took as long); finding the matches and reading each matching row (for the
 * tie-break) is, about 2 s when the table and index do not fit in the buffer pool.
 *
 * Words the index cannot hold (shorter than innodb_ft_min_token_size, or the server's stopwords)
 * are left out of the query: required, they could only match other, longer words. When no word
 * is left ("of", "to a", "mi"), the search falls back to LIKE over the newest
 * LIKE_FALLBACK_RECIPES recipes, newest first: an honest, bounded answer, never a full scan.
 */
async function mysqlSearch(em: EntityManager, words: readonly string[]): Promise<SearchSql> {
  const server = await mysqlServer(em);
  const indexable = (word: string) =>
    [...word].length >= server.minTokenSize && !server.stopwords.has(word);
  const terms = significant(words, (word) => COMMON_WORDS.has(word)).filter(indexable);
  if (terms.length === 0) return likeFallback(words);
  const required = terms.map((term) => `+${term}*`).join(' ');
  const any = terms.map((term) => `${term}*`).join(' ');
  return {
    fromPrefix: '',
    where: [`match(${ALL_COLUMNS}) against (? in boolean mode)`],
    params: [required],
    rank:
      `-(match(r.\`title\`) against (? in boolean mode) * 4 + ` +
      `match(${ALL_COLUMNS}) against (? in boolean mode))`,
    rankParams: [any, required],
  };
}

function likeFallback(words: readonly string[]): SearchSql {
  return {
    fromPrefix: '',
    where: [
      // MySQL has no LIMIT inside IN (subquery), but allows it in a derived table.
      'r.`id` in (select `id` from (select `id` from `recipe` ' +
        `order by \`created_at\` desc, \`id\` desc limit ${LIKE_FALLBACK_RECIPES}) \`newest\`)`,
      ...words.map(() => `concat_ws(' ', ${ALL_COLUMNS}) like ? escape '!'`),
    ],
    // `!` escapes LIKE wildcards (words hold only letters, marks and digits, but stay safe).
    params: words.map((word) => `%${word.replace(/[!%_]/g, (c) => `!${c}`)}%`),
    rank: '0',
    rankParams: [],
  };
}

export const DEFAULT_ORDER = NEWEST_FIRST;
