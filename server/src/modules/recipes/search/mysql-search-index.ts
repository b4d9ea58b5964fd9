import type { EntityManager } from '@mikro-orm/core';
import type { Database } from '../../../db/database.js';
import { highestIds, placeholders, toInt } from '../../shared/sql.js';
import type {
  NewestMatches,
  SearchFilter,
  SearchIndex,
  SearchMatches,
  SearchWindowIds,
  WalkBounds,
} from './search-index.js';
import { sampleOf, type SampleRow } from './search-sample.js';
import { pattern, quoted, walkFrontiers, WordLookups, type Pattern } from './mysql-word-lookups.js';
import { MYSQL_SEARCH_COUNT_CAP, WALK_ENTRIES, type WalkRange } from './mysql-walks.js';
import { CATEGORY_WORD_TABLE, SEARCH_WORD_TABLE, TITLE_WORD_TABLE } from './search-tables.js';

/** One way recipes can hold the driving word: ids `id` from `from`, where `where` holds. */
interface Branch {
  id: string;
  from: string;
  where: string[];
  params: unknown[];
}

interface Roles {
  driving: Pattern;
  others: Pattern[];
}

/**
 * Where a branch reads its range's recipes (as `alias`), newest first: from `frontier` on when
 * the walk is bounded (the id of the range's `entries`-th newest recipe, null when it has fewer).
 * The bound is an id, not a LIMIT on a derived table: MariaDB materialized such a table and
 * probed all 2,000 of its rows before sorting them (158,000 rows examined per sample, against
 * a walk along the index that stops after its page).
 */
export function walkSource(range: WalkRange, alias: string, frontier: number | null = null) {
  const where = `${alias}.\`${range.key}\` = ?`;
  return {
    from: `${quoted(range.table)} ${alias}`,
    where: frontier === null ? where : `${where} and ${alias}.\`recipe_id\` >= ?`,
    params: frontier === null ? [range.value] : [range.value, frontier],
  };
}

const branchSql = (branch: Branch, extra = '') =>
  `select ${branch.id} as \`recipe_id\` from ${branch.from} where ${branch.where.join(' and ')}${extra}`;

/**
 * MySQL/MariaDB search over word tables, `(word, recipe_id)` for every word of a recipe's title,
 * ingredients and instructions and for every word of its title, and `(word, category_id)` for
 * category names, kept by triggers (the bounded_search migration).
 * The `word` column's accent- and case-insensitive collation (utf8mb4_unicode_ci) folds "Crème"
 * and "creme" together, and `word like 'tomat%'` is an index range of the primary key. Why
 * word tables and not InnoDB's FULLTEXT indexes: search-tables.ts.
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
class MySqlMatches implements SearchMatches {
  private readonly lookups: WordLookups;
  private readonly patterns: Pattern[];
  private readonly roles = new Map<string, Promise<Roles>>();

  constructor(
    private readonly database: Database,
    private readonly em: EntityManager,
    words: readonly string[],
    private readonly filter: SearchFilter,
    private readonly bounds: WalkBounds,
  ) {
    this.patterns = words.map(pattern);
    this.lookups = new WordLookups(database, em, this.patterns);
  }

  /**
   * The word with the fewest entries in `table` drives; the others are tested on each of its
   * recipes. Chosen per table: a word common in the text can be rare in titles ("until" is in
   * 95 % of the bench recipes' text and in no title), and the title walk driven by the text's
   * rarest word walked every title holding it, probing for a word no title has.
   */
  private choose(table: string): Promise<Roles> {
    let roles = this.roles.get(table);
    if (!roles) {
      roles = (async () => {
        const sizes =
          this.patterns.length > 1
            ? await Promise.all(this.patterns.map((word) => this.lookups.size(word, table)))
            : [0];
        const first = sizes.indexOf(Math.min(...sizes));
        return {
          driving: this.patterns[first]!,
          others: this.patterns.filter((_, i) => i !== first),
        };
      })();
      this.roles.set(table, roles);
    }
    return roles;
  }

  /** A branch: the recipes `id` of `source` that hold the other words and pass the filter. */
  private async branch(
    table: string,
    id: string,
    source: ReturnType<typeof walkSource>,
  ): Promise<Branch> {
    const { others } = await this.choose(table);
    const tests = await Promise.all(others.map((other) => this.lookups.holds(table, other, id)));
    const { from, where, params } = source;
    const filter = this.filter;
    return {
      id,
      from: filter.where.length > 0 ? `${from} join \`recipe\` r on r.\`id\` = ${id}` : from,
      where: [where, ...tests.map((one) => one.sql), ...filter.where],
      params: [...params, ...tests.flatMap((one) => one.params), ...filter.params],
    };
  }

  /**
   * The driving word's ranges in `table`: each stored word it matches (so each walk follows the
   * primary key newest first), and each category whose name matches it.
   */
  private async ranges(table: string): Promise<WalkRange[]> {
    const { driving } = await this.choose(table);
    const keys = await this.lookups.keys(table, driving);
    const categories = table === TITLE_WORD_TABLE ? [] : await this.lookups.categories(driving);
    return [
      ...keys.map((key) => ({ table, key: 'word' as const, value: key })),
      ...categories.map((category) => ({
        table: 'recipe_category',
        key: 'category_id' as const,
        value: category,
      })),
    ];
  }

  /**
   * The driving word's branches over `ranges`. Bounded, each walk reads at most the newest
   * recipes up to its frontier (walkFrontiers); `frontier` is then the id from which every walk
   * is whole (null: every walk reaches its end).
   */
  private async branches(
    table: string,
    ranges: readonly WalkRange[],
    frontiers: readonly (number | null)[],
  ) {
    const all = await Promise.all(
      ranges.map((range, index) => {
        const alias = range.key === 'word' ? 'd' : 'c';
        const source = walkSource(range, alias, frontiers[index] ?? null);
        return this.branch(table, `${alias}.\`recipe_id\``, source);
      }),
    );
    const bounded = frontiers.filter((one): one is number => one !== null);
    return { all, frontier: bounded.length > 0 ? Math.max(...bounded) : null };
  }

  /**
   * Whether a walk can read a recipe it does not keep: only when another word or a filter probes
   * each one. Without, every entry of a range is a match, each branch stops after its limit, and
   * a frontier would bound nothing: a one-word search skips its statement (an index skip of
   * WALK_ENTRIES per walked word, the costliest of the lookups before the window). Measured as
   * WALK_ENTRIES was (alternating builds, caches off, MariaDB): 103 and 107 varied searches a
   * second (server CPU 8.0 ms each) before, 119 and 118 (7.1-7.2 ms) after.
   */
  private get probes(): boolean {
    return this.patterns.length > 1 || this.filter.where.length > 0;
  }

  /** One walk of `table`: bounded to the newest `entries` of each range, or whole. */
  private async walk(table: string, entries: number | undefined) {
    const ranges = await this.ranges(table);
    const frontiers =
      entries === undefined || !this.probes
        ? ranges.map(() => null)
        : await walkFrontiers(
            this.database,
            this.em,
            ranges.map((range) => ({ ...range, entries })),
          );
    return this.branches(table, ranges, frontiers);
  }

  /**
   * The text's walk bounded by WALK_ENTRIES.sample and the title walk by WALK_ENTRIES.titles,
   * their frontiers looked up in one statement (none without probes, see `probes`).
   */
  private async windowWalks() {
    const [text, titles] = await Promise.all([
      this.ranges(SEARCH_WORD_TABLE),
      this.ranges(TITLE_WORD_TABLE),
    ]);
    const frontiers = this.probes
      ? await walkFrontiers(this.database, this.em, [
          ...text.map((range) => ({ ...range, entries: this.bounds.sample })),
          ...titles.map((range) => ({ ...range, entries: this.bounds.titles })),
        ])
      : [...text, ...titles].map(() => null);
    return {
      text: await this.branches(SEARCH_WORD_TABLE, text, frontiers.slice(0, text.length)),
      titles: await this.branches(TITLE_WORD_TABLE, titles, frontiers.slice(text.length)),
    };
  }

  /** The newest matches' ids of `walk` (its branches merged), as SQL and its parameters. */
  private newestSql(
    walk: { all: Branch[] },
    { limit, offset = 0, exclude = [] }: Omit<NewestMatches, 'titleOnly'>,
  ) {
    if (walk.all.length === 0) return null;
    const parts = walk.all.map((one) => {
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
   * rows) and over at most the driving word's newest WALK_ENTRIES.sample recipes, not the whole
   * range: counting every match of "garlic" read its 52,358 index entries (26 ms), "garlic rice"
   * probed or semi-joined 47,470 (71-158 ms). `frontier` and `in_region` say where the walks
   * stopped and how many matches lie above (mysql-walks.ts). The title walk is a
   * column of the same statement, and the two walks' frontiers one statement before it.
   */
  async window(limit: number, keep: number, titles: number): Promise<SearchWindowIds> {
    const walks = await this.windowWalks();
    const newest = this.newestSql(walks.text, { limit });
    if (!newest) return { sample: sampleOf(undefined, keep), titleIds: [] };
    const titled = this.newestSql(walks.titles, { limit: titles });
    // GROUP_CONCAT is cut at group_concat_max_len (1,024 bytes on MySQL): in descending order
    // the newest `keep` ids come first, and 50 ids fit with room to spare; so do the titles.
    const titleColumn = titled
      ? `(select group_concat(\`recipe_id\` order by \`recipe_id\` desc separator ',') from (${titled.sql}) \`t\`)`
      : 'null';
    const [row] = await this.database.costlyRows<SampleRow & { titles: unknown }>(
      this.em,
      'search',
      'select count(*) as `n`, min(`recipe_id`) as `oldest`, substring_index(' +
        "group_concat(`recipe_id` order by `recipe_id` desc separator ','), ',', ?) as `ids`, " +
        '(select min(`id`) from `recipe`) as `lowest`, (select max(`id`) from `recipe`) as `highest`, ' +
        `sum(\`recipe_id\` >= ?) as \`in_region\`, ${titleColumn} as \`titles\` ` +
        `from (${newest.sql}) \`s\``,
      [keep, walks.text.frontier ?? 0, ...(titled?.params ?? []), ...newest.params],
    );
    return {
      sample: { ...sampleOf(row, keep), frontier: walks.text.frontier },
      titleIds: highestIds(row?.titles, titles),
    };
  }

  async newest({ titleOnly, ...options }: NewestMatches): Promise<number[]> {
    const walk = titleOnly
      ? await this.walk(TITLE_WORD_TABLE, this.bounds.titles)
      : await this.walk(SEARCH_WORD_TABLE, undefined);
    const newest = this.newestSql(walk, options);
    if (!newest) return [];
    const rows = await this.database.costlyRows<{ recipe_id: number }>(
      this.em,
      'search',
      newest.sql,
      newest.params,
    );
    return rows.map((row) => toInt(row.recipe_id));
  }
}

/**
 * MySQL/MariaDB's search index: the word tables. MikroORM's clearDatabase TRUNCATEs every entity
 * table on MySQL, which fires neither triggers nor foreign-key cascades, and ids start again from
 * 1, so words left behind would match the next recipes and categories: clearOwnTables empties them.
 */
export const mysqlSearchIndex = (database: Database): SearchIndex => ({
  defaultCountCap: MYSQL_SEARCH_COUNT_CAP,
  matches: (em, words, filter, limits) =>
    new MySqlMatches(database, em, words, filter, limits.searchWalkEntries ?? WALK_ENTRIES),
  clearOwnTables: clearWordTables,
});

/** Empties the word tables (mysqlSearchIndex's clearOwnTables; tests' clearTables). */
export async function clearWordTables(em: EntityManager): Promise<void> {
  for (const table of [SEARCH_WORD_TABLE, TITLE_WORD_TABLE, CATEGORY_WORD_TABLE]) {
    await em.getConnection().execute(`truncate table ${quoted(table)}`);
  }
}
