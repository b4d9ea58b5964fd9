import type { EntityManager } from '@mikro-orm/core';
import type { Database } from '../../../db/database.js';
import { placeholders } from '../../shared/sql.js';
import { CATEGORY_WORD_TABLE, SEARCH_WORD_TABLE, TITLE_WORD_TABLE } from './search-tables.js';
import type { BoundedWalk } from './mysql-walks.js';
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

/** The tables a word is looked up in: the text's words and the titles' words. */
const WORD_TABLES = [SEARCH_WORD_TABLE, TITLE_WORD_TABLE] as const;

/** Parts of a UNION ALL, each `(select ...)` with its parameters, as one statement. */
function unionAll(parts: readonly { sql: string; params: unknown[] }[]) {
  return {
    sql: parts.map((part) => `(${part.sql})`).join(' union all '),
    params: parts.flatMap((part) => part.params),
  };
}

/** What the first lookup tells of a search's words (WordLookups.readFacts). */
interface WordFacts {
  /** Stored words per prefix and table, keyed `${table} ${word index}`. */
  keys: Map<string, string[]>;
  /** Categories whose name holds each word, by word index. */
  categories: number[][];
}

/**
 * The small lookups a MySQL search makes before its statements, for all of its words at once:
 * which stored words a prefix matches (in the text and in titles), which categories' names hold
 * a word, and about how many index entries a word has (to choose the word that drives). They
 * were one statement per word, table and kind (MariaDB's slow log under 50 connections of varied
 * bench searches: 4.1 EXPLAINs, 2.1 category and 2.1 prefix lookups per search, of about 13
 * statements), then one per kind; now the stored words and the categories are one statement,
 * and the sizes (an EXPLAIN, which needs the categories) a second one, only for two words or more.
 * Both are hot reads (db/mysql-hot-reader.ts: a pooled connection without MikroORM's and knex's
 * layers, under the hot-read time limit), as are the walks' frontiers
 * (mysql-walks.ts): in alternating bench runs (varied search, caches off, MariaDB)
 * the server's CPU per search went from 2.08-2.10 to 2.00-2.01 ms.
 */
export class WordLookups {
  private facts: Promise<WordFacts> | undefined;
  private allSizes: Promise<Map<string, number>> | undefined;

  constructor(
    private readonly database: Database,
    private readonly em: EntityManager,
    private readonly words: readonly Pattern[],
  ) {}

  private indexOf(word: Pattern): number {
    return this.words.findIndex((one) => one.sql === word.sql && one.value === word.value);
  }

  /** The stored words (one per collation group) `word` matches in `table`. */
  async keys(table: string, word: Pattern): Promise<string[]> {
    if (word.sql === '= ?') return [word.value];
    this.facts ??= this.readFacts();
    return (await this.facts).keys.get(`${table} ${this.indexOf(word)}`) ?? [];
  }

  /** Categories whose name holds a word matching `word` (a handful of rows). */
  async categories(word: Pattern): Promise<number[]> {
    this.facts ??= this.readFacts();
    return (await this.facts).categories[this.indexOf(word)] ?? [];
  }

  /**
   * Every prefix's stored words in both tables, each part a loose index scan (GROUP BY on the
   * primary key's first column: MariaDB keeps "Using index for group-by" inside a UNION ALL,
   * where DISTINCT there read the whole range, 296,872 entries for 'oni%'), and every word's
   * categories, as one UNION ALL whose rows say which part they answer.
   */
  private async readFacts(): Promise<WordFacts> {
    const facts: WordFacts = { keys: new Map(), categories: this.words.map(() => []) };
    const prefixes = this.words.flatMap((word, index) =>
      word.sql === '= ?'
        ? []
        : WORD_TABLES.map((table) => ({
            sql:
              `select ? as \`part\`, \`word\`, null as \`category_id\` from ${quoted(table)} ` +
              'where `word` like ? group by `word`',
            params: [`${table} ${index}`, word.value],
          })),
    );
    const categories = this.words.map((word, index) => ({
      sql:
        `select distinct ? as \`part\`, null as \`word\`, \`category_id\` ` +
        `from ${quoted(CATEGORY_WORD_TABLE)} where \`word\` ${word.sql}`,
      params: [`categories ${index}`, word.value],
    }));
    const parts = [...prefixes, ...categories];
    if (parts.length === 0) return facts;
    const { sql, params } = unionAll(parts);
    const rows = await this.database.hotRows<{
      part: unknown;
      word: unknown;
      category_id: unknown;
    }>(this.em, sql, params);
    for (const row of rows) {
      const part = String(row.part);
      if (part.startsWith('categories ')) {
        facts.categories[Number(part.slice('categories '.length))]?.push(Number(row.category_id));
      } else {
        facts.keys.set(part, [...(facts.keys.get(part) ?? []), String(row.word)]);
      }
    }
    return facts;
  }

  /**
   * About how many recipes hold `word` in `table`: the optimizer's estimate of its index range
   * (EXPLAIN's `rows`, from a few index dives), plus its categories' recipes (in the text's
   * table). It chooses the word to walk: "spicy chicken" walked along "chicken" (36,000 recipes,
   * and the Chicken category) probed "spicy" some 2,500 times for its newest 100 matches (29
   * ms); walked along "spicy" (8,000), a few hundred times. Every word in both tables at once:
   * one EXPLAIN of a UNION ALL, whose rows come numbered by part (`id`).
   */
  async size(word: Pattern, table: string = SEARCH_WORD_TABLE): Promise<number> {
    this.allSizes ??= this.readSizes();
    const sizes = await this.allSizes;
    const index = this.indexOf(word);
    const own = sizes.get(`${table} ${index}`) ?? 0;
    // Titles are matched by their own words only (see holds).
    if (table === TITLE_WORD_TABLE) return own;
    return own + (sizes.get(`categories ${index}`) ?? 0);
  }

  private async readSizes(): Promise<Map<string, number>> {
    const categories = await Promise.all(this.words.map((word) => this.categories(word)));
    const names: string[] = [];
    const parts = this.words.flatMap((word, index) => {
      const own = WORD_TABLES.map((table) => {
        names.push(`${table} ${index}`);
        return {
          sql: `select 1 from ${quoted(table)} where \`word\` ${word.sql}`,
          params: [word.value],
        };
      });
      const ids = categories[index]!;
      if (ids.length === 0) return own;
      names.push(`categories ${index}`);
      const viaCategories = {
        sql: `select 1 from \`recipe_category\` where \`category_id\` in (${placeholders(ids)})`,
        params: ids,
      };
      return [...own, viaCategories];
    });
    const sizes = new Map<string, number>();
    if (parts.length === 0) return sizes;
    const { sql, params } = unionAll(parts);
    const plan = await this.database.hotRows<{ id: unknown; rows: unknown }>(
      this.em,
      `explain ${sql}`,
      params,
    );
    for (const row of plan) {
      const name = row.id == null ? undefined : names[Number(row.id) - 1];
      if (name !== undefined) sizes.set(name, (sizes.get(name) ?? 0) + Number(row.rows ?? 0));
    }
    return sizes;
  }

  /**
   * Recipe `id` holds `word` in `table` (or, unless titles only, in a category's name): a probe
   * (a scalar subquery per row, so a walk stops early; MariaDB turned EXISTS into a semi-join
   * over the whole range, see mysql-search-index.ts).
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
   * 2,000-recipe walk (WALK_ENTRIES then); with `word = 'cumin'` it is one lookup per recipe
   * (eq_ref), and none.
   */
  private async probeKeys(table: string, word: Pattern): Promise<string[] | null> {
    if (word.sql === '= ?') return [word.value];
    const keys = await this.keys(table, word);
    return keys.length <= MAX_PROBE_KEYS ? keys : null;
  }
}

/**
 * Each walk's frontier: the id of its range's `entries`-th newest recipe (null when it has
 * fewer), in one statement for every walk of a search, each an index-only skip along the range's
 * primary key or index.
 */
export async function walkFrontiers(
  database: Database,
  em: EntityManager,
  walks: readonly BoundedWalk[],
): Promise<(number | null)[]> {
  if (walks.length === 0) return [];
  const columns = walks.map(
    (walk, index) =>
      `(select \`recipe_id\` from ${quoted(walk.table)} where \`${walk.key}\` = ? ` +
      `order by \`recipe_id\` desc limit 1 offset ${Math.max(0, Math.floor(walk.entries) - 1)}) as \`f${index}\``,
  );
  const [row] = await database.hotRows<Record<string, unknown>>(
    em,
    `select ${columns.join(', ')}`,
    walks.map((walk) => walk.value),
  );
  return walks.map((_, index) => {
    const value = row?.[`f${index}`];
    return value == null ? null : Number(value);
  });
}
