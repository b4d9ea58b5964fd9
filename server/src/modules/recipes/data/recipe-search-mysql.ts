import type { EntityManager } from '@mikro-orm/core';
import { costlyRows, isMySql } from '../../shared/hot-read.js';
import { placeholders, toInt } from '../../shared/sql.js';
import type { NewestMatches, NewestSample, SearchBackend, SearchFilter } from './recipe-search.js';
import { sampleOf, type SampleRow } from './search-sample.js';
import { pattern, quoted, WordLookups, type Pattern } from './recipe-search-mysql-words.js';
import { CATEGORY_WORD_TABLE, SEARCH_WORD_TABLE, TITLE_WORD_TABLE } from './search-tables.js';

/** One way recipes can hold the driving word: ids `id` from `from`, where `where` holds. */
interface Branch {
  id: string;
  from: string;
  where: string[];
  params: unknown[];
}

const branchSql = (branch: Branch, extra = '') =>
  `select ${branch.id} as \`recipe_id\` from ${branch.from} where ${branch.where.join(' and ')}${extra}`;

/**
 * MySQL/MariaDB search over word tables, `(word, recipe_id)` for every word of a recipe's title,
 * ingredients and instructions and for every word of its title, and `(word, category_id)` for
 * category names, kept by triggers (the bounded_search migration).
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
 * Every word of the search must occur: the word with the fewest recipes drives, walked newest
 * first along the primary key, and each other word is a probe of `(recipe_id, word)` (the
 * secondary index), written as a scalar subquery, not EXISTS: MariaDB turns an EXISTS into a
 * semi-join and materialized "garlic onion" whole (364 ms for its newest 5 matches, against
 * 4-22 ms probing). A prefix that several stored words share ("onion": onion, onions) walks
 * each of them (one branch each, merged by UNION), so the walk stays in primary-key order and
 * stops after the page. A word in a category's name also walks that category's recipes
 * (recipe_category's (category_id, recipe_id) index).
 */
class MySqlSearch implements SearchBackend {
  private readonly lookups: WordLookups;
  private readonly patterns: Pattern[];
  private roles: Promise<{ driving: Pattern; others: Pattern[] }> | undefined;

  constructor(
    private readonly em: EntityManager,
    words: readonly string[],
    private readonly filter: SearchFilter,
  ) {
    this.lookups = new WordLookups(em);
    this.patterns = words.map(pattern);
  }

  /** The word with the fewest recipes drives; the others are tested on each of its recipes. */
  private choose() {
    this.roles ??= (async () => {
      const sizes =
        this.patterns.length > 1
          ? await Promise.all(this.patterns.map((word) => this.lookups.size(word)))
          : [0];
      const first = sizes.indexOf(Math.min(...sizes));
      return {
        driving: this.patterns[first]!,
        others: this.patterns.filter((_, i) => i !== first),
      };
    })();
    return this.roles;
  }

  /** A branch: the recipes `id` of `from` that hold the other words and pass the filter. */
  private async branch(table: string, id: string, from: string, where: string, params: unknown[]) {
    const { others } = await this.choose();
    const tests = await Promise.all(others.map((other) => this.lookups.holds(table, other, id)));
    const filter = this.filter;
    return {
      id,
      from: filter.where.length > 0 ? `${from} join \`recipe\` r on r.\`id\` = ${id}` : from,
      where: [where, ...tests.map((one) => one.sql), ...filter.where],
      params: [...params, ...tests.flatMap((one) => one.params), ...filter.params],
    };
  }

  /**
   * The driving word's branches: each stored word it matches (so each walk follows the primary
   * key newest first), and each category whose name matches it.
   */
  private async branches(table: string): Promise<Branch[]> {
    const { driving } = await this.choose();
    const keys = await this.lookups.keys(table, driving);
    const stored = `${quoted(table)} d`;
    const id = 'd.`recipe_id`';
    const found = keys.map((key) => this.branch(table, id, stored, 'd.`word` = ?', [key]));
    const categories = table === TITLE_WORD_TABLE ? [] : await this.lookups.categories(driving);
    const viaCategories = categories.map((category) =>
      this.branch(table, 'c.`recipe_id`', '`recipe_category` c', 'c.`category_id` = ?', [category]),
    );
    return Promise.all([...found, ...viaCategories]);
  }

  /** The newest matches' ids (the driving word's walks merged), as SQL and its parameters. */
  private async newestSql({ titleOnly, limit, offset = 0, exclude = [] }: NewestMatches) {
    const all = await this.branches(titleOnly ? TITLE_WORD_TABLE : SEARCH_WORD_TABLE);
    if (all.length === 0) return null;
    const parts = all.map((one) => {
      const skip = exclude.length > 0 ? ` and ${one.id} not in (${placeholders(exclude)})` : '';
      return {
        sql: `(${branchSql(one, skip)} order by ${one.id} desc limit ?)`,
        params: [...one.params, ...exclude, offset + limit],
      };
    });
    return {
      sql:
        `select \`recipe_id\` from (${parts.map((part) => part.sql).join(' union ')}) \`m\` ` +
        'order by `recipe_id` desc limit ? offset ?',
      params: [...parts.flatMap((part) => part.params), limit, offset],
    };
  }

  /**
   * The newest `limit` matches counted, walked like a page (each branch stops after `limit`
   * rows), not the whole range: counting every match of "garlic" read its 52,358 index entries
   * (26 ms), "garlic rice" probed or semi-joined 47,470 (71-158 ms).
   */
  async sample(limit: number, keep: number): Promise<NewestSample> {
    const newest = await this.newestSql({ titleOnly: false, limit });
    if (!newest) return { found: 0, oldestId: null, newestIds: [], lowestId: 0, highestId: 0 };
    // GROUP_CONCAT is cut at group_concat_max_len (1,024 bytes on MySQL): in descending order
    // the newest `keep` ids come first, and 50 ids fit with room to spare.
    const [row] = await costlyRows<SampleRow>(
      this.em,
      'search',
      'select count(*) as `n`, min(`recipe_id`) as `oldest`, substring_index(' +
        "group_concat(`recipe_id` order by `recipe_id` desc separator ','), ',', ?) as `ids`, " +
        '(select min(`id`) from `recipe`) as `lowest`, (select max(`id`) from `recipe`) as `highest` ' +
        `from (${newest.sql}) \`s\``,
      [keep, ...newest.params],
    );
    return sampleOf(row, keep);
  }

  async newest(options: NewestMatches): Promise<number[]> {
    const newest = await this.newestSql(options);
    if (!newest) return [];
    const rows = await costlyRows<{ recipe_id: number }>(
      this.em,
      'search',
      newest.sql,
      newest.params,
    );
    return rows.map((row) => toInt(row.recipe_id));
  }
}

export function mysqlSearch(
  em: EntityManager,
  words: readonly string[],
  filter: SearchFilter,
): SearchBackend {
  return new MySqlSearch(em, words, filter);
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
