import type { EntityManager } from '@mikro-orm/core';
import { hotRows, isMySql } from '../shared/hot-read.js';
import { placeholders, selectRows, toInt } from '../shared/sql.js';
import type { NewestMatches, SearchBackend, SearchFilter } from './recipe-search.js';
import { CATEGORY_WORD_TABLE, SEARCH_WORD_TABLE, TITLE_WORD_TABLE } from './search-tables.js';
import { matchesAsPrefix } from './search-text.js';

/**
 * MySQL/MariaDB search over two word tables, `(word, recipe_id)` for every word of a recipe's
 * four fields and for every word of its title, kept by triggers (the bounded_search migration).
 * The `word` column's accent- and case-insensitive collation (utf8mb4_unicode_ci) folds "Crème"
 * and "creme" together, and `word like 'tomat%'` is an index range of the primary key.
 *
 * Why not the InnoDB FULLTEXT indexes used before: InnoDB reads the table row of every match,
 * whatever the query asks. Measured on MariaDB 10.11 (100,000 bench recipes, 128 MiB buffer
 * pool, shared 2-core machine): `count(*)` of "+garlic" (52,358 matches) made 262,000 buffer
 * pool page requests, 1.3-1.8 s; `select id ... order by id desc limit 5` made the same 262,000
 * and took as long (also with MATCH(...) > 0, and on a narrow copy of the table keyed by
 * FTS_DOC_ID). Over the word table, counting "garlic" reads 52,358 index entries (133 page
 * requests, 26 ms) and its newest 5 matches take 16 page requests (0.4 ms).
 *
 * Every word of the search must occur: the rarest-looking word (the longest) drives, walked
 * newest first along the primary key, and each other word is a probe of
 * `(recipe_id, word)` (the secondary index), written as a scalar subquery, not EXISTS: MariaDB
 * turns an EXISTS into a semi-join and materialized "garlic onion" whole (364 ms for its newest
 * 5 matches, against 4-22 ms probing). A prefix that several stored words share ("onion":
 * onion, onions) walks each of them (one branch each, merged by UNION), so the walk stays in
 * primary-key order and stops after the page.
 */
const MAX_WORD_LENGTH = 64;

interface Pattern {
  /** `= ?` (a whole word) or `like ?` (a prefix). */
  sql: string;
  value: string;
}

function pattern(word: string): Pattern {
  const kept = [...word].slice(0, MAX_WORD_LENGTH).join('');
  // Words hold only letters, marks and digits (searchWords): no LIKE wildcard to escape.
  return matchesAsPrefix(kept) ? { sql: 'like ?', value: `${kept}%` } : { sql: '= ?', value: kept };
}

const quoted = (table: string) => `\`${table}\``;

/** One way recipes can hold the driving word: ids `id` from `from`, where `where` holds. */
interface Branch {
  id: string;
  from: string;
  where: string[];
  params: unknown[];
}

type Mode = 'walk' | 'count';

const branchSql = (branch: Branch, extra = '') =>
  `select ${branch.id} as \`recipe_id\` from ${branch.from} where ${branch.where.join(' and ')}${extra}`;

export function mysqlSearch(
  em: EntityManager,
  words: readonly string[],
  filter: SearchFilter,
): SearchBackend {
  // The longest word is likely the rarest: it drives, the others are probed.
  const driver = [...words].sort((a, b) => [...b].length - [...a].length)[0]!;
  const driving = pattern(driver);
  const others = words.filter((word) => word !== driver).map(pattern);
  const lookups = new Map<string, Promise<string[]>>();
  const lookup = (sql: string, params: unknown[]) => {
    const key = `${sql} ${JSON.stringify(params)}`;
    let found = lookups.get(key);
    if (!found) {
      found = selectRows<{ v: unknown }>(em, sql, params).then((rows) =>
        rows.map((row) => String(row.v)),
      );
      lookups.set(key, found);
    }
    return found;
  };
  /** Stored words (one per collation group) the driving word matches: a loose index scan. */
  const keysOf = (table: string) =>
    driving.sql === '= ?'
      ? Promise.resolve([driving.value])
      : lookup(`select distinct \`word\` as \`v\` from ${quoted(table)} where \`word\` like ?`, [
          driving.value,
        ]);
  /** Categories whose name holds a word matching `word` (a handful of rows). */
  const categoriesOf = (word: Pattern) =>
    lookup(
      `select distinct \`category_id\` as \`v\` from ${quoted(CATEGORY_WORD_TABLE)} where \`word\` ${word.sql}`,
      [word.value],
    ).then((ids) => ids.map(Number));

  /**
   * Recipe `id` holds `word` in `table` (or, unless titles only, in a category's name). A walk
   * probes (a scalar subquery per row, so it stops early); a count uses EXISTS, which MariaDB
   * runs as a semi-join over the whole range: "garlic rice" (47,470 matches) counted in 71-158
   * ms that way, against 617-940 ms probing each of garlic's 52,358 recipes.
   */
  async function probe(table: string, word: Pattern, id: string, mode: Mode) {
    const holds = (from: string, where: string) =>
      mode === 'walk'
        ? `(select 1 from ${from} where ${where} limit 1) is not null`
        : `exists (select 1 from ${from} where ${where})`;
    const text = holds(`${quoted(table)} p`, `p.\`recipe_id\` = ${id} and p.\`word\` ${word.sql}`);
    const categories = table === TITLE_WORD_TABLE ? [] : await categoriesOf(word);
    if (categories.length === 0) return { sql: text, params: [word.value] };
    const category = holds(
      '`recipe_category` pc',
      `pc.\`recipe_id\` = ${id} and pc.\`category_id\` in (${placeholders(categories)})`,
    );
    return { sql: `(${text} or ${category})`, params: [word.value, ...categories] };
  }

  /** A branch: the recipes `id` of `from` that hold the other words and pass the filter. */
  async function branch(
    table: string,
    mode: Mode,
    id: string,
    from: string,
    where: string,
    params: unknown[],
  ) {
    const probes = await Promise.all(others.map((other) => probe(table, other, id, mode)));
    return {
      id,
      from: filter.where.length > 0 ? `${from} join \`recipe\` r on r.\`id\` = ${id}` : from,
      where: [where, ...probes.map((one) => one.sql), ...filter.where],
      params: [...params, ...probes.flatMap((one) => one.params), ...filter.params],
    };
  }

  /**
   * The driving word's branches: for a walk, each stored word it matches (so each walk follows
   * the primary key newest first), for a count its whole range; and each category whose name
   * matches it.
   */
  async function branches(table: string, mode: Mode): Promise<Branch[]> {
    const keys = await keysOf(table);
    const words = `${quoted(table)} d`;
    const found =
      mode === 'walk'
        ? keys.map((key) => branch(table, mode, 'd.`recipe_id`', words, 'd.`word` = ?', [key]))
        : keys.length > 0
          ? [
              branch(table, mode, 'd.`recipe_id`', words, `d.\`word\` ${driving.sql}`, [
                driving.value,
              ]),
            ]
          : [];
    const categories = table === TITLE_WORD_TABLE ? [] : await categoriesOf(driving);
    const viaCategories = categories.map((category) =>
      branch(table, mode, 'c.`recipe_id`', '`recipe_category` c', 'c.`category_id` = ?', [
        category,
      ]),
    );
    return Promise.all([...found, ...viaCategories]);
  }

  return {
    async count() {
      const keys = await keysOf(SEARCH_WORD_TABLE);
      const all = await branches(SEARCH_WORD_TABLE, 'count');
      if (all.length === 0) return 0;
      // One stored word: one index entry per recipe. Several (onion, onions): a recipe may hold
      // more than one, so it is counted once (DISTINCT, or UNION across branches).
      const [only] = all;
      const sql =
        all.length === 1 && only
          ? `select ${keys.length > 1 ? `count(distinct ${only.id})` : 'count(*)'} as \`n\` ` +
            `from ${only.from} where ${only.where.join(' and ')}`
          : `select count(*) as \`n\` from (${all.map((one) => branchSql(one)).join(' union ')}) \`m\``;
      const [row] = await hotRows<{ n: number }>(
        em,
        sql,
        all.flatMap((one) => one.params),
      );
      return toInt(row?.n);
    },

    async newest({ titleOnly, limit, offset = 0, exclude = [] }: NewestMatches) {
      const table = titleOnly ? TITLE_WORD_TABLE : SEARCH_WORD_TABLE;
      const all = await branches(table, 'walk');
      if (all.length === 0) return [];
      const parts = all.map((one) => {
        const skip = exclude.length > 0 ? ` and ${one.id} not in (${placeholders(exclude)})` : '';
        return {
          sql: `(${branchSql(one, skip)} order by ${one.id} desc limit ?)`,
          params: [...one.params, ...exclude, offset + limit],
        };
      });
      const rows = await hotRows<{ recipe_id: number }>(
        em,
        `select \`recipe_id\` from (${parts.map((part) => part.sql).join(' union ')}) \`m\` ` +
          'order by `recipe_id` desc limit ? offset ?',
        [...parts.flatMap((part) => part.params), limit, offset],
      );
      return rows.map((row) => toInt(row.recipe_id));
    },
  };
}

/**
 * Empties the word tables after MikroORM's clearDatabase, which TRUNCATEs every entity table on
 * MySQL: that fires neither triggers nor foreign-key cascades, and ids start again from 1, so
 * words left behind would match the next recipes and categories. A no-op on SQLite, where
 * clearDatabase deletes rows and the FTS5 triggers follow.
 */
export async function clearSearchWords(em: EntityManager): Promise<void> {
  if (!isMySql(em)) return;
  for (const table of [SEARCH_WORD_TABLE, TITLE_WORD_TABLE, CATEGORY_WORD_TABLE]) {
    await em.getConnection().execute(`truncate table ${quoted(table)}`);
  }
}
