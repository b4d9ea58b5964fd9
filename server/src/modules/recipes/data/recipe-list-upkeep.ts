import type { EntityManager } from '@mikro-orm/core';
import type { Database } from '../../../db/database.js';
import type { Dialect } from '../../../db/orm-options.js';
import { BLOCK_SIZE, lockListCounts } from './recipe-list-blocks.js';
import { publicRow } from './visibility.js';

/** Hidden recipes are not in the list counts (the hidden_list_counts migrations). */
const VISIBLE = publicRow('r');
/** A pivot row's list key: its recipe's created_at while visible, null while hidden. */
const PIVOT_KEY = `case when ${VISIBLE} then r.\`created_at\` end`;

const mysqlKeyOf =
  "coalesce((select group_concat(rc.`category_id` order by rc.`category_id` separator ',') " +
  "from `recipe_category` rc where rc.`recipe_id` = r.`id`), '')";
const sqliteKeyOf =
  "coalesce((select group_concat(rc.`category_id`, ',' order by rc.`category_id`) " +
  "from `recipe_category` rc where rc.`recipe_id` = r.`id`), '')";

/** The rebuild's statements that differ per dialect (group_concat, updates with joins, dates). */
const REBUILD_SQL: Record<Dialect, { categoryKeys: string; pivotDates: string; lowest: string }> = {
  mysql: {
    categoryKeys: `update \`recipe\` r set r.\`category_key\` = ${mysqlKeyOf} where coalesce(r.\`category_key\`, '') <> ${mysqlKeyOf}`,
    pivotDates:
      'update `recipe_category` rc join `recipe` r on r.`id` = rc.`recipe_id` set rc.`created_at` = ' +
      `${PIVOT_KEY} where not (rc.\`created_at\` <=> ${PIVOT_KEY})`,
    lowest: "'1000-01-01 00:00:00.000'",
  },
  sqlite: {
    categoryKeys: `update \`recipe\` as r set \`category_key\` = ${sqliteKeyOf} where coalesce(r.\`category_key\`, '') <> ${sqliteKeyOf}`,
    pivotDates:
      `update \`recipe_category\` as rc set \`created_at\` = (select ${PIVOT_KEY} from \`recipe\` r where r.\`id\` = rc.\`recipe_id\`) ` +
      `where rc.\`created_at\` is not (select ${PIVOT_KEY} from \`recipe\` r where r.\`id\` = rc.\`recipe_id\`)`,
    lowest: '-62135596800000',
  },
};

/**
 * Rebuilds every list count from the rows (the same SQL as the list_counts migrations'
 * backfill): each recipe's category key and the pivot's created_at where they differ, the total,
 * the category sets and their members, and the blocks, cut afresh every `size` recipes (BLOCK_SIZE unless a test asks for less). The
 * triggers keep all of it exact on their own; this is the repair path, and what a bulk load
 * (bench/seed.ts) calls so its blocks are even: rows inserted in bulk all land in the block
 * below them, which stays correct but makes its deep pages skip further. One transaction under
 * the counts' lock; about a second at 100,000 recipes.
 */
export async function rebuildRecipeListCounts(
  database: Database,
  em: EntityManager,
  size = BLOCK_SIZE,
): Promise<void> {
  await em.fork().transactional(async (tx) => {
    const run = (sql: string) =>
      tx.getConnection().execute(sql, [], 'run', tx.getTransactionContext());
    const dialectSql = database.pick(REBUILD_SQL);
    await lockListCounts(tx);
    // Updated only where wrong: each update fires the triggers, which move the recipe's count.
    await run(dialectSql.categoryKeys);
    await run(dialectSql.pivotDates);
    await run('delete from `recipe_total`');
    await run(
      `insert into \`recipe_total\` (\`id\`, \`recipe_count\`) select 1, count(*) from \`recipe\` r where ${VISIBLE}`,
    );
    await run('delete from `category_set_member`');
    await run('delete from `category_set`');
    await run(
      "insert into `category_set` (`category_key`, `recipe_count`) select coalesce(`category_key`, ''), count(*) " +
        `from \`recipe\` r where ${VISIBLE} group by coalesce(\`category_key\`, '')`,
    );
    await run(
      "insert into `category_set_member` (`category_id`, `category_key`) select distinct rc.`category_id`, coalesce(r.`category_key`, '') " +
        `from \`recipe\` r join \`recipe_category\` rc on rc.\`recipe_id\` = r.\`id\` where ${VISIBLE}`,
    );
    await run('delete from `recipe_list_block`');
    const { lowest } = dialectSql;
    await run(
      'insert into `recipe_list_block` (`start_created_at`, `start_id`, `recipe_count`, `recipes_before`) ' +
        `select case when x.\`n\` = 1 then ${lowest} else x.\`created_at\` end, case when x.\`n\` = 1 then 0 else x.\`id\` end, ` +
        `case when x.\`total\` - x.\`n\` + 1 < ${size} then x.\`total\` - x.\`n\` + 1 else ${size} end, x.\`n\` - 1 ` +
        'from (select `created_at`, `id`, row_number() over (order by `created_at`, `id`) as `n`, ' +
        `count(*) over () as \`total\` from \`recipe\` r where ${VISIBLE}) x ` +
        `where (x.\`n\` - 1) % ${size} = 0`,
    );
  });
}
