import type { Transaction } from '@mikro-orm/core';
import type { Database, Orm } from '../server/src/db/database.js';
import type { Dialect } from '../server/src/db/orm-options.js';
import { hashPassword } from '../server/src/modules/users/password.js';
import { rebuildRecipeListCounts } from '../server/src/modules/recipes/data/recipe-list-upkeep.js';
import { DEMO_CATEGORIES } from '../server/src/seed/demo-recipes.js';
import { generateRecipe, generateUsers, type RecipeRow } from './dataset.js';

/** Rows per multi-row INSERT, and recipes per transaction. */
const ROWS_PER_INSERT = 500;
const RECIPES_PER_TRANSACTION = 5_000;

/**
 * The password of every bench user (hashed once): the members of the write phase sign in with
 * it through the real login call (bench/members.ts).
 */
export const BENCH_PASSWORD = 'recipehub-bench';

export interface DatasetSize {
  users: number;
  categories: number;
  recipes: number;
  recipeCategories: number;
  reactions: number;
  saves: number;
  comments: number;
  reviews: number;
}

type Value = string | number | null;
type Connection = ReturnType<Orm['em']['getConnection']>;

/** Buffers rows per table and writes them as multi-row INSERTs of ROWS_PER_INSERT. */
function rowWriter(connection: Connection) {
  const buffers = new Map<string, { columns: string[]; rows: Value[][] }>();
  return {
    add(table: string, columns: string[], row: Value[]) {
      let buffer = buffers.get(table);
      if (!buffer) buffers.set(table, (buffer = { columns, rows: [] }));
      buffer.rows.push(row);
    },
    /** Writes the full INSERTs of `table` (all its rows when `force`). */
    async flush(trx: Transaction, table: string, force: boolean) {
      const buffer = buffers.get(table);
      if (!buffer) return;
      while (buffer.rows.length >= ROWS_PER_INSERT || (force && buffer.rows.length > 0)) {
        const rows = buffer.rows.splice(0, ROWS_PER_INSERT);
        const tuple = `(${buffer.columns.map(() => '?').join(', ')})`;
        const sql =
          `insert into \`${table}\` (${buffer.columns.map((c) => `\`${c}\``).join(', ')}) values ` +
          rows.map(() => tuple).join(', ');
        await connection.execute(sql, rows.flat(), 'run', trx);
      }
    },
  };
}
type RowWriter = ReturnType<typeof rowWriter>;
type Time = (ms: number) => Value;

const USER_COLUMNS = [
  'id',
  'email',
  'first_name',
  'last_name',
  // Unique like every member's (issue 30): the id keeps it so without the server's derivation.
  'handle',
  'mobile',
  'password_hash',
  'role',
  'email_verified_at',
  'created_at',
];
const RECIPE_COLUMNS = [
  'id',
  'title',
  'img',
  'ingredients',
  'instructions',
  'author_id',
  'created_at',
  'updated_at',
];
const CHILD_TABLES = ['recipe_category', 'reaction', 'save', 'comment', 'review'];

/**
 * Bulk-loads the generated data set into an empty, migrated database through the ORM's connection:
 * multi-row INSERTs inside transactions, then the denormalised counters in one UPDATE, the list
 * counts' blocks (rebuildRecipeListCounts) and ANALYZE.
 * Going through the server's own migrated schema means any trigger or index it has (full-text
 * search included) is filled exactly as the app would fill it.
 */
export async function seedBenchDatabase(
  database: Database,
  dialect: Dialect,
  recipeCount: number,
  log: (line: string) => void,
): Promise<void> {
  const { orm } = database;
  const connection = orm.em.getConnection();
  // SQLite (libsql) stores datetimes as epoch milliseconds, MySQL as UTC `YYYY-MM-DD HH:MM:SS.mmm`.
  const time: Time = (ms) =>
    dialect === 'sqlite' ? ms : new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
  const writer = rowWriter(connection);
  const started = Date.now();
  await insertUsersAndCategories(connection, writer, time);
  for (let first = 1; first <= recipeCount; first += RECIPES_PER_TRANSACTION) {
    const last = Math.min(recipeCount, first + RECIPES_PER_TRANSACTION - 1);
    await connection.transactional(async (trx) => {
      for (let id = first; id <= last; id++) {
        addRecipeRows(writer, generateRecipe(id, recipeCount), time);
        // Parents first: a child row is only written once its recipe is.
        if (id % ROWS_PER_INSERT === 0 || id === last) {
          await writer.flush(trx, 'recipe', true);
          for (const table of CHILD_TABLES) await writer.flush(trx, table, id === last);
        }
      }
    });
    log(`  ${last.toLocaleString('en')} / ${recipeCount.toLocaleString('en')} recipes`);
  }
  log('  counters and statistics');
  await updateCounters(orm, dialect);
  // The database's triggers counted every row as it came, but a bulk load lands in the block
  // below it: cut the list's blocks afresh (recipe-list-blocks.ts), as the server's writes keep them.
  await rebuildRecipeListCounts(database, orm.em.fork());
  await analyze(connection, dialect);
  log(`  seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function insertUsersAndCategories(connection: Connection, writer: RowWriter, time: Time) {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  await connection.transactional(async (trx) => {
    for (const user of generateUsers()) {
      const created = time(user.createdAt);
      writer.add('user', USER_COLUMNS, [
        ...[
          user.id,
          user.email,
          user.firstName,
          user.lastName,
          `cook-${user.id}`,
          null,
          passwordHash,
        ],
        ...[user.role, created, created],
      ]);
      writer.add(
        'profile',
        ['user_id', 'image', 'age', 'portfolio', 'sex', 'bio', 'facebook'],
        [user.id, null, null, '', '', '', ''],
      );
    }
    await writer.flush(trx, 'user', true);
    await writer.flush(trx, 'profile', true);
    DEMO_CATEGORIES.forEach((name, index) =>
      writer.add('category', ['id', 'name'], [index + 1, name]),
    );
    await writer.flush(trx, 'category', true);
  });
}

function addRecipeRows(writer: RowWriter, recipe: RecipeRow, time: Time) {
  const id = recipe.id;
  writer.add('recipe', RECIPE_COLUMNS, [
    ...[id, recipe.title, null, recipe.ingredients, recipe.instructions, recipe.authorId],
    ...[time(recipe.createdAt), time(recipe.createdAt)],
  ]);
  for (const category of recipe.categories) {
    writer.add('recipe_category', ['recipe_id', 'category_id'], [id, category]);
  }
  for (const r of recipe.reactions) {
    const columns = ['user_id', 'recipe_id', 'type', 'created_at'];
    writer.add('reaction', columns, [r.userId, id, r.type, time(r.createdAt)]);
  }
  for (const s of recipe.saves) {
    writer.add('save', ['user_id', 'recipe_id', 'created_at'], [s.userId, id, time(s.createdAt)]);
  }
  for (const c of recipe.comments) {
    const columns = ['user_id', 'recipe_id', 'content', 'created_at'];
    writer.add('comment', columns, [c.userId, id, c.content, time(c.createdAt)]);
  }
  for (const r of recipe.reviews) {
    const columns = ['user_id', 'recipe_id', 'body', 'rating', 'created_at', 'updated_at'];
    writer.add('review', columns, [
      r.userId,
      id,
      r.body,
      r.rating,
      time(r.createdAt),
      time(r.createdAt),
    ]);
  }
}

async function analyze(connection: Connection, dialect: Dialect) {
  if (dialect === 'sqlite') {
    await connection.execute('analyze', [], 'run');
    return;
  }
  const tables = [
    'user',
    'category',
    'recipe',
    'recipe_category',
    'reaction',
    'save',
    'comment',
    'review',
  ];
  await connection.execute(`analyze table ${tables.map((t) => `\`${t}\``).join(', ')}`, [], 'all');
}

/**
 * The denormalised counters of every recipe (the same values `refreshRecipeCounters` computes
 * row by row), from one aggregate per child table: seconds instead of 500,000 correlated counts.
 */
async function updateCounters(orm: Orm, dialect: Dialect): Promise<void> {
  const aggregates =
    'left join (select `recipe_id`, count(*) as `n` from `reaction` group by `recipe_id`) a on a.`recipe_id` = r.`id` ' +
    'left join (select `recipe_id`, count(*) as `n` from `save` group by `recipe_id`) s on s.`recipe_id` = r.`id` ' +
    'left join (select `recipe_id`, count(*) as `n` from `comment` group by `recipe_id`) c on c.`recipe_id` = r.`id` ' +
    'left join (select `recipe_id`, count(*) as `n`, sum(`rating`) as `total` from `review` group by `recipe_id`) v on v.`recipe_id` = r.`id`';
  const values = {
    reaction_count: 'coalesce(a.`n`, 0)',
    save_count: 'coalesce(s.`n`, 0)',
    comment_count: 'coalesce(c.`n`, 0)',
    review_count: 'coalesce(v.`n`, 0)',
    rating_sum: 'coalesce(v.`total`, 0)',
  };
  const sql =
    dialect === 'sqlite'
      ? // SQLite's UPDATE ... FROM joins the target implicitly: `r` is a second copy of it.
        `update \`recipe\` set ${Object.entries(values)
          .map(([column, value]) => `\`${column}\` = ${value}`)
          .join(', ')} from \`recipe\` r ${aggregates} where r.\`id\` = \`recipe\`.\`id\``
      : `update \`recipe\` r ${aggregates} set ${Object.entries(values)
          .map(([column, value]) => `r.\`${column}\` = ${value}`)
          .join(', ')}`;
  await orm.em.getConnection().execute(sql, [], 'run');
}

/** Row counts of the tables the bench reads, and a check that the counters add up. */
export async function datasetSize(orm: Orm): Promise<DatasetSize> {
  const connection = orm.em.getConnection();
  const count = async (sql: string) => {
    const rows = await connection.execute<{ n: number | string }[]>(sql, [], 'all');
    return Number(rows[0]?.n ?? 0);
  };
  const size: DatasetSize = {
    users: await count('select count(*) as `n` from `user`'),
    categories: await count('select count(*) as `n` from `category`'),
    recipes: await count('select count(*) as `n` from `recipe`'),
    recipeCategories: await count('select count(*) as `n` from `recipe_category`'),
    reactions: await count('select count(*) as `n` from `reaction`'),
    saves: await count('select count(*) as `n` from `save`'),
    comments: await count('select count(*) as `n` from `comment`'),
    reviews: await count('select count(*) as `n` from `review`'),
  };
  const sums = await connection.execute<Record<string, number | string>[]>(
    'select sum(`reaction_count`) as `reactions`, sum(`save_count`) as `saves`, ' +
      'sum(`comment_count`) as `comments`, sum(`review_count`) as `reviews` from `recipe`',
    [],
    'all',
  );
  const total = await count('select coalesce(max(`recipe_count`), 0) as `n` from `recipe_total`');
  if (total !== size.recipes) {
    throw new Error(`The list's recipe total (${total}) is not the recipe count; use --reseed`);
  }
  for (const key of ['reactions', 'saves', 'comments', 'reviews'] as const) {
    if (Number(sums[0]?.[key] ?? 0) !== size[key]) {
      throw new Error(`Recipe ${key} counters do not add up to the ${key} table; use --reseed`);
    }
  }
  return size;
}
