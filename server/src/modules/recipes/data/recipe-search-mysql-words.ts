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

/** At most this many `=` probes for a prefix (see WordLookups.probeKeys); more probe with LIKE. */
const MAX_PROBE_KEYS = 8;

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
   * About how many recipes hold `word` in `table`: the optimizer's estimate of its index range (EXPLAIN's
   * `rows`, from a few index dives), plus its categories' recipes. It chooses the word to walk:
   * "spicy chicken" walked along "chicken" (36,000 recipes, and the Chicken category) probed
   * "spicy" some 2,500 times for its newest 100 matches (29 ms); walked along "spicy" (8,000),
   * a few hundred times.
   */
  async size(word: Pattern, table: string = SEARCH_WORD_TABLE): Promise<number> {
    const rows = (sql: string, params: unknown[]) =>
      this.once(`explain ${sql}`, params, (found) => found.map((row) => Number(row.rows ?? 0)));
    const [text] = await rows(`select 1 from ${quoted(table)} where \`word\` ${word.sql}`, [
      word.value,
    ]);
    // Titles are matched by their own words only (see holds).
    if (table === TITLE_WORD_TABLE) return text ?? 0;
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
    const probe = (condition: string) =>
      test(`${quoted(table)} p`, `p.\`recipe_id\` = ${id} and p.\`word\` ${condition}`);
    const keys = await this.probeKeys(table, word);
    const text =
      keys === null
        ? { sql: probe(word.sql), params: [word.value] }
        : {
            sql: keys.length === 0 ? 'false' : keys.map(() => probe('= ?')).join(' or '),
            params: keys,
          };
    const categories = table === TITLE_WORD_TABLE ? [] : await this.categories(word);
    if (categories.length === 0) return { sql: `(${text.sql})`, params: text.params };
    const category = test(
      '`recipe_category` pc',
      `pc.\`recipe_id\` = ${id} and pc.\`category_id\` in (${placeholders(categories)})`,
    );
    return { sql: `(${text.sql} or ${category})`, params: [...text.params, ...categories] };
  }

  /**
   * A prefix's stored words, each probed with `=`, when there are at most MAX_PROBE_KEYS (null:
   * probe with LIKE). MariaDB probes `recipe_id = ? and word like 'cumin%'` through the
   * `(recipe_id, word)` index by recipe_id alone, reading every word of the recipe (43 on
   * average at 100,000 bench recipes): "crispy cumin" examined 35,727 index rows for its count's
   * 2,000-recipe walk; with `word = 'cumin'` it is one lookup per recipe (eq_ref), and none.
   */
  private async probeKeys(table: string, word: Pattern): Promise<string[] | null> {
    if (word.sql === '= ?') return [word.value];
    const keys = await this.keys(table, word);
    return keys.length <= MAX_PROBE_KEYS ? keys : null;
  }
}
