import type { EntityManager } from '@mikro-orm/core';
import type { Database } from '../../../db/database.js';
import { highestIds, placeholders, toInt } from '../../shared/sql.js';
import type {
  NewestMatches,
  SearchFilter,
  SearchIndex,
  SearchMatches,
  SearchWindowIds,
} from './search-index.js';
import { sampleOf, type SampleRow } from './search-sample.js';
import { SEARCH_TABLE, SEARCH_TERM_TABLE, TITLE_SEARCH_TABLE } from './search-tables.js';
import { matchesAsPrefix } from './search-text.js';
import { SEARCH_COUNT_CAP } from './search.js';

/**
 * FTS5: each word a quoted term (a prefix from three letters on, see search-text.ts), all
 * required. The text holds only the words searchWords extracted (letters, marks and digits),
 * each quoted, so FTS syntax in the input (`"`, `*`, `-`, `NEAR(`, `OR`, `:`, parentheses) is
 * never syntax.
 *
 * Measured on the bench data set (100,000 recipes, SQLite 3.45 through libsql, one process
 * alone on a shared 2-core machine), the cost of a query is finding its terms, not reading them:
 * `"garlic"` newest 50 by rowid takes 0.09 ms (FTS5 reads a plain term's doclist lazily, from
 * either end) but `"garlic"*` 1.4 ms and `"onion"*` (onion, onions: 146,641 entries) 7.0 ms,
 * because FTS5 expands a prefix by merging the doclists of every term under it before it returns
 * the first row, for the count and again for the newest matches. So a prefix is given as the
 * terms it covers (searchTerms, below): `("onion" OR "onions")` is read lazily too, 0.12 ms for
 * the newest 50 and 0.19 ms to count the newest 1,001 (against 6.8 ms with `"onion"*`);
 * `"garlic" AND ("onion" OR "onions")` 0.21 and 0.44 ms (against 8.0 ms). The terms come from
 * `recipe_search_term`, every term FTS5 indexed (the search_terms migration). Only words of
 * plain ASCII letters and digits are expanded, where our folding and FTS5's tokenizer agree
 * letter for letter; a word FTS5 might fold otherwise, or a prefix of more than
 * MAX_EXPANDED_TERMS terms, stays a prefix query (FTS5's merge, the old cost).
 */
export const MAX_EXPANDED_TERMS = 16;

const PLAIN_WORD = /^[a-z0-9]+$/;
/** The highest code point: every term that starts with `word` sorts below `word` + it. */
const AFTER_EVERY_TERM = String.fromCodePoint(0x10ffff);

const quotedTerm = (term: string) => `"${term.replace(/"/g, '""')}"`;

/** Whether a word is given as the terms it covers (read from the term table), see above. */
const expandable = (word: string) => matchesAsPrefix(word) && PLAIN_WORD.test(word);

/** A word as an FTS5 expression: its terms (an OR), or FTS5's prefix query when not expanded. */
function wordExpression(word: string, terms: readonly string[] | undefined): string {
  if (!matchesAsPrefix(word)) return quotedTerm(word);
  if (terms === undefined || terms.length > MAX_EXPANDED_TERMS) return `${quotedTerm(word)}*`;
  // No term under the prefix: the word itself, which matches nothing, cheaply.
  if (terms.length === 0) return quotedTerm(word);
  const quotedTerms = terms.map(quotedTerm);
  return quotedTerms.length === 1 ? quotedTerms[0]! : `(${quotedTerms.join(' OR ')})`;
}

/**
 * The terms under each expandable word, in one statement for all of them (a statement costs the
 * event loop about 70 µs before it reads anything): never more than MAX_EXPANDED_TERMS + 1 rows
 * of the term table's primary key per word, 0.02 ms each.
 */
async function expandedTerms(
  database: Database,
  em: EntityManager,
  words: readonly string[],
): Promise<Map<string, string[]>> {
  const expanded = [...new Set(words.filter(expandable))];
  const terms = new Map(expanded.map((word) => [word, [] as string[]]));
  if (expanded.length === 0) return terms;
  const rows = await database.hotRows<{ word: number; term: string }>(
    em,
    expanded
      .map(
        (_, index) =>
          `select * from (select ${index} as \`word\`, \`term\` from \`${SEARCH_TERM_TABLE}\` ` +
          'where `term` >= ? and `term` < ? limit ?)',
      )
      .join(' union all '),
    expanded.flatMap((word) => [word, `${word}${AFTER_EVERY_TERM}`, MAX_EXPANDED_TERMS + 1]),
  );
  for (const row of rows) terms.get(expanded[Number(row.word)]!)!.push(String(row.term));
  return terms;
}

/** Every word of the search (all required), each expanded as wordExpression says. */
export async function ftsExpression(
  database: Database,
  em: EntityManager,
  words: readonly string[],
): Promise<string> {
  const terms = await expandedTerms(database, em, words);
  return words.map((word) => wordExpression(word, terms.get(word))).join(' AND ');
}

const quoted = (table: string) => `\`${table}\``;

/**
 * The FTS table as the outer loop (CROSS JOIN), `recipe r` read by primary key only when a filter
 * needs its columns; without one, the statements never touch `recipe`.
 */
function fromMatches(table: string, filter: SearchFilter) {
  const fts = quoted(table);
  if (filter.where.length === 0) {
    return { id: `${fts}.\`rowid\``, from: fts, where: [`${fts} match ?`], params: [] };
  }
  return {
    id: 'r.`id`',
    from: `${fts} cross join \`recipe\` r`,
    where: [`${fts} match ?`, `r.\`id\` = ${fts}.\`rowid\``, ...filter.where],
    params: filter.params,
  };
}

function sqliteMatches(
  database: Database,
  em: EntityManager,
  words: readonly string[],
  filter: SearchFilter,
): SearchMatches {
  let expression: Promise<string> | undefined;
  const queryOf = () => (expression ??= ftsExpression(database, em, words));
  return {
    async window(limit: number, keep: number, titles: number): Promise<SearchWindowIds> {
      const query = await queryOf();
      const matches = fromMatches(SEARCH_TABLE, filter);
      const titled = fromMatches(TITLE_SEARCH_TABLE, filter);
      // Index only without a filter (external content: no row reads), newest first, bounded;
      // the id range from the primary key's two ends (SQLite optimises a lone min() or max()).
      // The title walk is a column of the same statement: one hand-over to the read pool.
      const [row] = await database.costlyRows<SampleRow & { titles: unknown }>(
        em,
        'search',
        'select count(*) as `n`, min(`id`) as `oldest`, group_concat(`id`) as `ids`, ' +
          '(select min(`id`) from `recipe`) as `lowest`, (select max(`id`) from `recipe`) as `highest`, ' +
          `(select group_concat(\`id\`) from (select ${titled.id} as \`id\` from ${titled.from} ` +
          `where ${titled.where.join(' and ')} order by ${quoted(TITLE_SEARCH_TABLE)}.\`rowid\` desc ` +
          'limit ?)) as `titles` ' +
          `from (select ${matches.id} as \`id\` from ${matches.from} where ${matches.where.join(' and ')} ` +
          `order by ${quoted(SEARCH_TABLE)}.\`rowid\` desc limit ?) \`m\``,
        [query, ...titled.params, titles, query, ...matches.params, limit],
      );
      return { sample: sampleOf(row, keep), titleIds: highestIds(row?.titles, titles) };
    },

    async newest({ titleOnly, limit, offset = 0, exclude = [] }: NewestMatches) {
      const query = await queryOf();
      const table = titleOnly ? TITLE_SEARCH_TABLE : SEARCH_TABLE;
      const { id, from, where, params } = fromMatches(table, filter);
      const all =
        exclude.length > 0 ? [...where, `${id} not in (${placeholders(exclude)})`] : where;
      // ORDER BY rowid DESC is FTS5's own order (no sort): it stops after `limit` matches.
      const rows = await database.costlyRows<{ id: number }>(
        em,
        'search',
        `select ${id} as \`id\` from ${from} where ${all.join(' and ')} ` +
          `order by ${quoted(table)}.\`rowid\` desc limit ? offset ?`,
        [query, ...params, ...exclude, limit, offset],
      );
      return rows.map((row) => toInt(row.id));
    },
  };
}

/**
 * SQLite's search index: FTS5, kept by triggers (the fulltext_search, bounded_search and
 * search_terms migrations) and compacted by search-index-upkeep.ts.
 */
export const sqliteSearchIndex = (database: Database): SearchIndex => ({
  defaultCountCap: SEARCH_COUNT_CAP,
  matches: (em, words, filter) => sqliteMatches(database, em, words, filter),
  // clearDatabase deletes rows on SQLite, and the FTS5 triggers follow.
  clearOwnTables: async () => {},
});
