import type { EntityManager } from '@mikro-orm/core';
import { costlyRows } from '../shared/hot-read.js';
import { placeholders, toInt } from '../shared/sql.js';
import type { SearchBackend, SearchFilter, NewestMatches } from './recipe-search.js';
import { SEARCH_TABLE, TITLE_SEARCH_TABLE } from './search-tables.js';
import { matchesAsPrefix } from './search-text.js';

/**
 * FTS5: each word a quoted term (`"word"*`, a prefix from three letters on, see search-text.ts),
 * all required. The text holds only the words searchWords extracted (letters, marks and digits),
 * each quoted, so FTS syntax in the input (`"`, `*`, `-`, `NEAR(`, `OR`, `:`, parentheses) is
 * never syntax.
 *
 * Measured on the bench data set (100,000 recipes, SQLite 3.45 through libsql, one process
 * alone on a shared 2-core machine), the cost of a query is finding its terms, not reading them:
 * `"garlic"` newest 200 by rowid takes 0.14 ms (FTS5 reads a plain term's doclist lazily, from
 * either end) but `"garlic"*` 1.3 ms and `"onion"*` (onion, onions: 146,641 entries) 6.5 ms,
 * because FTS5 expands a prefix by merging the doclists of every term under it before it returns
 * the first row. That expansion is the part that still grows with the matches (like the exact
 * count); it reads the index only. What used to cost was the rest: ranking every match with
 * bm25() and reading each matching recipe row for the newest-first tie-break (67-117 ms for
 * "garlic", "rice", "onion garlic" at 49,815-90,571 matches, and the count joined the recipe
 * rows too: 48-96 ms). Now the count reads the index alone (1.1-9.7 ms for those) and the
 * ranking reads at most SEARCH_WINDOW candidates.
 */
export function ftsQuery(words: readonly string[]): string {
  return words
    .map((word) => `"${word.replace(/"/g, '""')}"${matchesAsPrefix(word) ? '*' : ''}`)
    .join(' ');
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

export function sqliteSearch(
  em: EntityManager,
  words: readonly string[],
  filter: SearchFilter,
): SearchBackend {
  const query = ftsQuery(words);
  return {
    async count() {
      const { from, where, params } = fromMatches(SEARCH_TABLE, filter);
      // Index only without a filter (external content: FTS5 counts its doclists, no row reads).
      const [row] = await costlyRows<{ n: number }>(
        em,
        'search',
        `select count(*) as \`n\` from ${from} where ${where.join(' and ')}`,
        [query, ...params],
      );
      return toInt(row?.n);
    },

    async newest({ titleOnly, limit, offset = 0, exclude = [] }: NewestMatches) {
      const table = titleOnly ? TITLE_SEARCH_TABLE : SEARCH_TABLE;
      const { id, from, where, params } = fromMatches(table, filter);
      const all =
        exclude.length > 0 ? [...where, `${id} not in (${placeholders(exclude)})`] : where;
      // ORDER BY rowid DESC is FTS5's own order (no sort): it stops after `limit` matches.
      const rows = await costlyRows<{ id: number }>(
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
