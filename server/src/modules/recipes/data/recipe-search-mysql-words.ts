import type { EntityManager } from '@mikro-orm/core';
import { placeholders, selectRows } from '../../shared/sql.js';
import { CATEGORY_WORD_TABLE, SEARCH_WORD_TABLE, TITLE_WORD_TABLE } from './search-tables.js';
import { matchesAsPrefix } from './search-text.js';

/** Stored words are cut at 64 characters (the bounded_search migration); so are search words. */
const MAX_WORD_LENGTH = 64;

/** A search word as a condition on `word`: `= ?` (a whole word) or `like ?` (a prefix). */
export interface Pattern {
  sql: string;
  value: string;
}

export function pattern(word: string): Pattern {
  const kept = [...word].slice(0, MAX_WORD_LENGTH).join('');
  // Words hold only letters, marks and digits (searchWords): no LIKE wildcard to escape.
  return matchesAsPrefix(kept) ? { sql: 'like ?', value: `${kept}%` } : { sql: '= ?', value: kept };
}

export const quoted = (table: string) => `\`${table}\``;

/**
 * The small lookups a MySQL search makes before its statements, each asked once per search:
 * which stored words a prefix matches, which categories' names hold a word, and how many index
 * entries a word has (to choose the word that drives).
 */
export class WordLookups {
  private readonly found = new Map<string, Promise<unknown[]>>();

  constructor(private readonly em: EntityManager) {}

  private once<T>(sql: string, params: unknown[], read: (rows: Record<string, unknown>[]) => T[]) {
    const key = `${sql} ${JSON.stringify(params)}`;
    let rows = this.found.get(key);
    if (!rows) {
      rows = selectRows<Record<string, unknown>>(this.em, sql, params).then(read);
      this.found.set(key, rows);
    }
    return rows as Promise<T[]>;
  }

  /** The stored words (one per collation group) `word` matches in `table`: a loose index scan. */
  keys(table: string, word: Pattern): Promise<string[]> {
    if (word.sql === '= ?') return Promise.resolve([word.value]);
    return this.once(
      `select distinct \`word\` from ${quoted(table)} where \`word\` like ?`,
      [word.value],
      (rows) => rows.map((row) => String(row.word)),
    );
  }

  /** Categories whose name holds a word matching `word` (a handful of rows). */
  categories(word: Pattern): Promise<number[]> {
    return this.once(
      `select distinct \`category_id\` from ${quoted(CATEGORY_WORD_TABLE)} where \`word\` ${word.sql}`,
      [word.value],
      (rows) => rows.map((row) => Number(row.category_id)),
    );
  }

  /**
   * About how many recipes hold `word`: the optimizer's estimate of its index range (EXPLAIN's
   * `rows`, from a few index dives), plus its categories' recipes. It chooses the word to walk:
   * "spicy chicken" walked along "chicken" (36,000 recipes, and the Chicken category) probed
   * "spicy" some 2,500 times for its newest 100 matches (29 ms); walked along "spicy" (8,000),
   * a few hundred times.
   */
  async size(word: Pattern): Promise<number> {
    const rows = (sql: string, params: unknown[]) =>
      this.once(`explain ${sql}`, params, (found) => found.map((row) => Number(row.rows ?? 0)));
    const [text] = await rows(
      `select 1 from ${quoted(SEARCH_WORD_TABLE)} where \`word\` ${word.sql}`,
      [word.value],
    );
    const categories = await this.categories(word);
    if (categories.length === 0) return text ?? 0;
    const [via] = await rows(
      `select 1 from \`recipe_category\` where \`category_id\` in (${placeholders(categories)})`,
      categories,
    );
    return (text ?? 0) + (via ?? 0);
  }

  /**
   * Recipe `id` holds `word` in `table` (or, unless titles only, in a category's name): a probe
   * (a scalar subquery per row, so a walk stops early; MariaDB turned EXISTS into a semi-join
   * over the whole range, see recipe-search-mysql.ts).
   */
  async holds(table: string, word: Pattern, id: string) {
    const test = (from: string, where: string) =>
      `(select 1 from ${from} where ${where} limit 1) is not null`;
    const text = test(`${quoted(table)} p`, `p.\`recipe_id\` = ${id} and p.\`word\` ${word.sql}`);
    const categories = table === TITLE_WORD_TABLE ? [] : await this.categories(word);
    if (categories.length === 0) return { sql: text, params: [word.value] };
    const category = test(
      '`recipe_category` pc',
      `pc.\`recipe_id\` = ${id} and pc.\`category_id\` in (${placeholders(categories)})`,
    );
    return { sql: `(${text} or ${category})`, params: [word.value, ...categories] };
  }
}
