import type { EntityManager } from '@mikro-orm/core';
import type { AbstractSqlConnection } from '@mikro-orm/knex';
import type { Database } from '../../../db/database.js';
import type { RecipeLimits } from '../../shared/service-deps.js';
import { toInt } from '../../shared/sql.js';
import { selectRows } from '../../../db/select-rows.js';

/**
 * Deep pages of the newest-first list without skipping every recipe before them. OFFSET in
 * SQLite and InnoDB steps through each skipped index entry (page 10,000 of 100,000 recipes: 0.8 ms
 * on SQLite, 13 ms on MariaDB, against 0.01 / 0.2 ms for page 2), and neither database keeps
 * positions in an index. So `recipe_list_block` (kept by triggers, see the list_counts
 * migrations) cuts the list into blocks of consecutive recipes, each with its count and the
 * number of recipes in older blocks: the block holding a position is one index seek away, and
 * the page skips only within it, below the next block's start. A page costs one seek and at most
 * 2 × BLOCK_SIZE skipped index entries, whatever its number and however many recipes there are.
 * (Adding up the counts of the newer blocks instead, with a window function, cost SQLite about
 * 90 virtual-machine steps per block: as much as skipping 20 recipes per block.)
 *
 * Triggers keep the counts exact on every write; boundaries only move here, in a transaction
 * holding the `recipe_total` row lock that the MySQL triggers take first too (SQLite has a single
 * writer anyway). New recipes land in the newest block, so createRecipe calls splitFullBlocks
 * after its commit; bulk loads (the bench seed) call rebuildRecipeListCounts.
 */
export const BLOCK_SIZE = 1000;

/** Recipes per block under the deps' limits (BLOCK_SIZE unless a test set another). */
export const listBlockSize = (limits: RecipeLimits) => limits.listBlockSize ?? BLOCK_SIZE;

/** A (created_at, id) key as the database compares it (created_at as text on MySQL). */
export interface ListKey {
  createdAt: unknown;
  id: number;
}

/**
 * `alias`'s (created_at, id) compared with a bound key: a row value on SQLite (a range on the
 * index); MariaDB does not range-scan row values, so its form is spelled out.
 */
export function compareKey(
  database: Database,
  alias: string,
  op: '<' | '>=',
  key: ListKey,
): { sql: string; params: unknown[] } {
  const [createdAt, id] = [`${alias}.\`created_at\``, `${alias}.\`id\``];
  const [outer, strict] = op === '<' ? ['<=', '<'] : ['>=', '>'];
  return database.pick({
    sqlite: { sql: `(${createdAt}, ${id}) ${op} (?, ?)`, params: [key.createdAt, key.id] },
    mysql: {
      sql: `${createdAt} ${outer} ? and (${createdAt} ${strict} ? or ${id} ${op} ?)`,
      params: [key.createdAt, key.createdAt, key.id],
    },
  });
}

/**
 * Where newest-first position `offset` of a list of `total` recipes is: page from the newest
 * recipe below `before` (null: from the newest of all), skipping `skip` recipes. Offsets under the
 * block size skip from the top, which costs no more than skipping within a block.
 */
export async function locateNewestFirst(
  database: Database,
  em: EntityManager,
  offset: number,
  total: number,
  blockSize: number,
): Promise<{ before: ListKey | null; skip: number }> {
  if (offset < blockSize) return { before: null, skip: offset };
  // Blocks count their position from the oldest recipe: a new recipe moves none of them.
  const position = total - 1 - offset;
  // The next block's start bounds the page from above. Blocks above `b` hold more recipes before
  // them, the nearest exactly `b`'s before + count; so do empty blocks right above it, whose
  // ranges are empty too: the lowest of them is the next block. One index lookup on both
  // databases, where comparing (created_at, id) pairs made MariaDB walk the primary key.
  const next = (column: string) =>
    `(select ${database.asText(`n.\`${column}\``)} from ${byRecipesBefore(database, 'n')} ` +
    'where n.`recipes_before` = b.`recipes_before` + b.`recipe_count` ' +
    'order by n.`start_created_at`, n.`start_id` limit 1)';
  const [block] = await database.hotRows<{
    recipes_before: unknown;
    recipe_count: unknown;
    next_created_at: unknown;
    next_id: unknown;
  }>(
    em,
    'select b.`recipes_before`, b.`recipe_count`, ' +
      `${next('start_created_at')} as \`next_created_at\`, ${next('start_id')} as \`next_id\` ` +
      `from ${byRecipesBefore(database, 'b')} where b.\`recipes_before\` <= ? and b.\`recipes_before\` + b.\`recipe_count\` > ? ` +
      'order by b.`recipes_before` desc limit 1',
    [position, position],
  );
  // Not found (recipes deleted since the count): the page comes back short, as it would have.
  if (!block) return { before: null, skip: offset };
  const skip = toInt(block.recipes_before) + toInt(block.recipe_count) - 1 - position;
  if (block.next_id === null || block.next_id === undefined) return { before: null, skip };
  return { before: { createdAt: block.next_created_at, id: toInt(block.next_id) }, skip };
}

/**
 * The blocks through their recipes_before index, forced: with a few dozen blocks, or statistics
 * taken before the blocks were cut, SQLite otherwise scans them.
 */
const byRecipesBefore = (database: Database, alias: string) =>
  database.tableByIndex('recipe_list_block', alias, 'recipe_list_block_recipes_before_index');

/**
 * Takes the lock that orders every change of the list counts (MySQL: the `recipe_total` row, the
 * one the triggers take first; SQLite: the write lock, by writing). First in a transaction.
 */
export async function lockListCounts(tx: EntityManager): Promise<void> {
  // knex's builder writes the upsert each dialect knows: MySQL's `on duplicate key update`,
  // SQLite's `on conflict (id) do update`.
  const connection = tx.getConnection() as AbstractSqlConnection;
  const knex = connection.getKnex();
  const upsert = knex('recipe_total')
    .insert({ id: 1, recipe_count: 0 })
    .onConflict('id')
    .merge({ recipe_count: knex.ref('recipe_count') });
  await connection.execute(upsert, [], 'run', tx.getTransactionContext());
}

interface BlockRow {
  start_created_at: unknown;
  start_id: unknown;
  recipes_before: unknown;
  next_created_at: unknown;
  next_id: unknown;
  recipe_count: unknown;
}

/**
 * Splits every block holding more than 2 × BLOCK_SIZE recipes into blocks of BLOCK_SIZE (the last
 * one up to twice that), at the keys found by counting within the block. Cheap when there is
 * nothing to split (one look at ~100 rows); otherwise it reads each full block once.
 */
export async function splitFullBlocks(
  database: Database,
  em: EntityManager,
  size: number,
): Promise<void> {
  const full = await selectRows(
    em,
    'select 1 as `full` from `recipe_list_block` where `recipe_count` > ? limit 1',
    [2 * size],
  );
  if (full.length === 0) return;
  await em.fork().transactional(async (tx) => {
    await lockListCounts(tx);
    const blocks = await selectRows<BlockRow>(
      tx,
      'select * from (select ' +
        `${database.asText('`start_created_at`')} as \`start_created_at\`, \`start_id\`, \`recipe_count\`, \`recipes_before\`, ` +
        `lead(${database.asText('`start_created_at`')}) over w as \`next_created_at\`, ` +
        'lead(`start_id`) over w as `next_id` from `recipe_list_block` ' +
        'window w as (order by `start_created_at`, `start_id`)) b where `recipe_count` > ?',
      [2 * size],
    );
    for (const block of blocks) await splitBlock(database, tx, block, size);
  });
}

async function splitBlock(
  database: Database,
  tx: EntityManager,
  block: BlockRow,
  size: number,
): Promise<void> {
  const count = toInt(block.recipe_count);
  const parts = Math.floor(count / size);
  const from = compareKey(database, 'r', '>=', {
    createdAt: block.start_created_at,
    id: toInt(block.start_id),
  });
  const below =
    block.next_id === null || block.next_id === undefined
      ? null
      : compareKey(database, 'r', '<', {
          createdAt: block.next_created_at,
          id: toInt(block.next_id),
        });
  // The first key of each new block: positions size, 2 × size, ... from the start.
  const starts = await selectRows<{ created_at: unknown; id: unknown }>(
    tx,
    `select \`created_at\`, \`id\` from (select ${database.asText('r.`created_at`')} as \`created_at\`, r.\`id\`, ` +
      'row_number() over (order by r.`created_at`, r.`id`) as `n` ' +
      `from \`recipe\` r where ${from.sql}${below ? ` and ${below.sql}` : ''}) x ` +
      'where (`n` - 1) % ? = 0 and `n` > 1 and `n` <= ? order by `n`',
    [...from.params, ...(below?.params ?? []), size, (parts - 1) * size + 1],
  );
  // Under the lock the block's count is exact, so `starts` holds parts - 1 keys; sized from what
  // was found all the same, the counts still add up to the block's.
  const connection = tx.getConnection();
  const context = tx.getTransactionContext();
  for (const [index, start] of starts.entries()) {
    const recipes = index < starts.length - 1 ? size : count - starts.length * size;
    await connection.execute(
      'insert into `recipe_list_block` (`start_created_at`, `start_id`, `recipe_count`, `recipes_before`) ' +
        'values (?, ?, ?, ?)',
      [
        start.created_at,
        toInt(start.id),
        recipes,
        toInt(block.recipes_before) + (index + 1) * size,
      ],
      'run',
      context,
    );
  }
  if (starts.length === 0) return;
  await connection.execute(
    'update `recipe_list_block` set `recipe_count` = ? where `start_created_at` = ? and `start_id` = ?',
    [size, block.start_created_at, toInt(block.start_id)],
    'run',
    context,
  );
}
