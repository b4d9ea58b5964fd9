import { Migration } from '@mikro-orm/migrations';

/**
 * List counts without scans and deep pages without long skips (issue 12), kept by triggers so
 * every write path keeps them: the use cases, the seeds, the bench's bulk load and tests that
 * insert rows directly.
 *
 * - `recipe_total`: the number of recipes (one row, id 1).
 * - `recipe.category_key`: the recipe's category ids, ascending, comma-joined ('' for none),
 *   recomputed from the pivot by its triggers; `category_set` counts the recipes of each key and
 *   `category_set_member` lists each key's categories, so the count of "any of these categories"
 *   is a sum over the few sets holding one of them (recipe-list-counts.ts).
 * - `recipe_list_block`: the newest-first list in blocks of consecutive recipes with their counts
 *   and the number of recipes in older blocks (recipe-list-blocks.ts). A recipe belongs to the
 *   block with the greatest start (created_at, id) at or below its own; the oldest block starts
 *   below every key. A new recipe (the newest) adds 1 to its block; a recipe inserted, deleted or
 *   moved below the newest block also moves `recipes_before` of every block above it (at most
 *   one row per BLOCK recipes: deletes are rare).
 * - `recipe_category.created_at`: the recipe's creation time on each pivot row, so a category's
 *   recipes are read newest first from one index.
 *
 * Empty tables are a valid state (no recipes): increments create the rows they need, decrements
 * of missing rows do nothing, so `orm.schema.clearDatabase()` (tests, `seed --force`) leaves them
 * right whatever order it empties the tables in. SQLite runs the cascade of a recipe delete after
 * the row is gone, so the pivot triggers then update no recipe and the delete trigger counts the
 * key the recipe had (test/recipes/list-counts.test.ts checks every write kind).
 *
 * The triggers do not touch the full-text triggers of Migration20261123092451; `category_key` is
 * not one of the columns those re-index on.
 */
const SENTINEL = -62135596800000; // 0001-01-01T00:00:00Z in ms: below every created_at.
/** Recipes per block when the blocks are built here (recipe-list-blocks.ts keeps them near it). */
const BLOCK = 1000;

const keyOf = (recipeId: string) =>
  `coalesce((select group_concat(\`category_id\`, ',' order by \`category_id\`) from \`recipe_category\` where \`recipe_id\` = ${recipeId}), '')`;

/** The block holding the key (created_at, id): the greatest start at or below it. */
const blockOf = (createdAt: string, id: string) =>
  'select `rowid` from `recipe_list_block` ' +
  `where (\`start_created_at\`, \`start_id\`) <= (${createdAt}, ${id}) ` +
  'order by `start_created_at` desc, `start_id` desc limit 1';

/** The blocks above the key's block (their starts are above the key): `recipes_before` moves. */
const blocksAbove = (createdAt: string, id: string, delta: string) =>
  `update \`recipe_list_block\` set \`recipes_before\` = \`recipes_before\` ${delta} ` +
  `where (\`start_created_at\`, \`start_id\`) > (${createdAt}, ${id});`;

const addToBlock = (createdAt: string, id: string) =>
  `insert or ignore into \`recipe_list_block\` (\`start_created_at\`, \`start_id\`, \`recipe_count\`, \`recipes_before\`) values (${SENTINEL}, 0, 0, 0); ` +
  `update \`recipe_list_block\` set \`recipe_count\` = \`recipe_count\` + 1 where \`rowid\` = (${blockOf(createdAt, id)}); ` +
  blocksAbove(createdAt, id, '+ 1');
const removeFromBlock = (createdAt: string, id: string) =>
  `update \`recipe_list_block\` set \`recipe_count\` = \`recipe_count\` - 1 where \`rowid\` = (${blockOf(createdAt, id)}); ` +
  blocksAbove(createdAt, id, '- 1');

const addToSet = (key: string) =>
  `insert into \`category_set\` (\`category_key\`, \`recipe_count\`) values (${key}, 1) ` +
  'on conflict (`category_key`) do update set `recipe_count` = `recipe_count` + 1;';
const removeFromSet = (key: string) =>
  `update \`category_set\` set \`recipe_count\` = \`recipe_count\` - 1 where \`category_key\` = ${key}; ` +
  `delete from \`category_set\` where \`category_key\` = ${key} and \`recipe_count\` <= 0;`;

export class Migration20261124070617_list_counts extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`category_set\` (\`category_key\` text not null, \`recipe_count\` integer not null, primary key (\`category_key\`));`,
    );

    this.addSql(
      `create table \`category_set_member\` (\`category_id\` integer not null, \`category_key\` text not null, constraint \`category_set_member_category_key_foreign\` foreign key(\`category_key\`) references \`category_set\`(\`category_key\`) on delete cascade on update cascade, primary key (\`category_id\`, \`category_key\`));`,
    );
    this.addSql(
      `create index \`category_set_member_category_key_index\` on \`category_set_member\` (\`category_key\`);`,
    );

    this.addSql(
      `create table \`recipe_list_block\` (\`start_created_at\` datetime not null, \`start_id\` integer not null, \`recipe_count\` integer not null, \`recipes_before\` integer not null, primary key (\`start_created_at\`, \`start_id\`));`,
    );
    this.addSql(
      `create index \`recipe_list_block_recipes_before_index\` on \`recipe_list_block\` (\`recipes_before\`);`,
    );

    this.addSql(
      `create table \`recipe_total\` (\`id\` integer not null, \`recipe_count\` integer not null, primary key (\`id\`));`,
    );

    this.addSql(`alter table \`recipe\` add column \`category_key\` text null;`);

    this.addSql(`drop index \`recipe_category_category_recipe_index\`;`);

    this.addSql(`alter table \`recipe_category\` add column \`created_at\` datetime null;`);
    this.addSql(
      `create index \`recipe_category_category_created_at_index\` on \`recipe_category\` (\`category_id\`, \`created_at\`, \`recipe_id\`);`,
    );

    // Backfill before the triggers exist (recipe-list-upkeep.ts rebuilds the same way).
    this.addSql(`update \`recipe\` set \`category_key\` = ${keyOf('`recipe`.`id`')};`);
    this.addSql(
      'update `recipe_category` set `created_at` = (select r.`created_at` from `recipe` r where r.`id` = `recipe_category`.`recipe_id`);',
    );
    this.addSql(
      'insert into `recipe_total` (`id`, `recipe_count`) select 1, count(*) from `recipe` where exists (select 1 from `recipe`);',
    );
    this.addSql(
      'insert into `category_set` (`category_key`, `recipe_count`) select `category_key`, count(*) from `recipe` group by `category_key`;',
    );
    this.addSql(
      'insert into `category_set_member` (`category_id`, `category_key`) select distinct rc.`category_id`, r.`category_key` from `recipe` r join `recipe_category` rc on rc.`recipe_id` = r.`id`;',
    );
    this.addSql(
      'insert into `recipe_list_block` (`start_created_at`, `start_id`, `recipe_count`, `recipes_before`) ' +
        `select case when \`n\` = 1 then ${SENTINEL} else \`created_at\` end, case when \`n\` = 1 then 0 else \`id\` end, ` +
        `min(${BLOCK}, (select count(*) from \`recipe\`) - \`n\` + 1), \`n\` - 1 ` +
        'from (select `created_at`, `id`, row_number() over (order by `created_at`, `id`) as `n` from `recipe`) ' +
        `where (\`n\` - 1) % ${BLOCK} = 0;`,
    );

    this.addSql(
      'create trigger `recipe_list_counts_after_insert` after insert on `recipe` begin ' +
        'insert into `recipe_total` (`id`, `recipe_count`) values (1, 1) on conflict (`id`) do update set `recipe_count` = `recipe_count` + 1; ' +
        `${addToBlock('new.`created_at`', 'new.`id`')} ` +
        `${addToSet("coalesce(new.`category_key`, '')")} end;`,
    );
    this.addSql(
      'create trigger `recipe_list_counts_after_delete` after delete on `recipe` begin ' +
        'update `recipe_total` set `recipe_count` = `recipe_count` - 1 where `id` = 1; ' +
        `${removeFromBlock('old.`created_at`', 'old.`id`')} ` +
        `${removeFromSet("coalesce(old.`category_key`, '')")} end;`,
    );
    this.addSql(
      'create trigger `recipe_list_counts_after_created_at` after update of `created_at` on `recipe` ' +
        'when new.`created_at` is not old.`created_at` begin ' +
        `${removeFromBlock('old.`created_at`', 'old.`id`')} ${addToBlock('new.`created_at`', 'new.`id`')} ` +
        'update `recipe_category` set `created_at` = new.`created_at` where `recipe_id` = new.`id`; end;',
    );
    this.addSql(
      'create trigger `recipe_list_counts_after_category_key` after update of `category_key` on `recipe` ' +
        "when coalesce(new.`category_key`, '') is not coalesce(old.`category_key`, '') begin " +
        `${removeFromSet("coalesce(old.`category_key`, '')")} ${addToSet("coalesce(new.`category_key`, '')")} ` +
        'insert or ignore into `category_set_member` (`category_id`, `category_key`) ' +
        "select `category_id`, coalesce(new.`category_key`, '') from `recipe_category` where `recipe_id` = new.`id`; end;",
    );
    this.addSql(
      'create trigger `recipe_category_list_counts_after_insert` after insert on `recipe_category` begin ' +
        'update `recipe_category` set `created_at` = (select r.`created_at` from `recipe` r where r.`id` = new.`recipe_id`) ' +
        'where `recipe_id` = new.`recipe_id` and `category_id` = new.`category_id`; ' +
        `update \`recipe\` set \`category_key\` = ${keyOf('new.`recipe_id`')} where \`id\` = new.\`recipe_id\`; end;`,
    );
    this.addSql(
      'create trigger `recipe_category_list_counts_after_delete` after delete on `recipe_category` begin ' +
        `update \`recipe\` set \`category_key\` = ${keyOf('old.`recipe_id`')} where \`id\` = old.\`recipe_id\`; end;`,
    );
  }

  override async down(): Promise<void> {
    for (const trigger of [
      'recipe_category_list_counts_after_delete',
      'recipe_category_list_counts_after_insert',
      'recipe_list_counts_after_category_key',
      'recipe_list_counts_after_created_at',
      'recipe_list_counts_after_delete',
      'recipe_list_counts_after_insert',
    ]) {
      this.addSql(`drop trigger if exists \`${trigger}\`;`);
    }
    this.addSql('drop index `recipe_category_category_created_at_index`;');
    this.addSql('alter table `recipe_category` drop column `created_at`;');
    this.addSql(
      'create index `recipe_category_category_recipe_index` on `recipe_category` (`category_id`, `recipe_id`);',
    );
    this.addSql('alter table `recipe` drop column `category_key`;');
    this.addSql('drop table if exists `recipe_total`;');
    this.addSql('drop table if exists `recipe_list_block`;');
    this.addSql('drop table if exists `category_set_member`;');
    this.addSql('drop table if exists `category_set`;');
  }
}
