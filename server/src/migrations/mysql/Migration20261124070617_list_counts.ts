import { Migration } from '@mikro-orm/migrations';

/**
 * List counts without scans and deep pages without long skips (issue 12), kept by triggers so
 * every write path keeps them: the use cases, the seeds, the bench's bulk load and tests that
 * insert rows directly. The tables and columns are described in the SQLite twin of this migration.
 *
 * MySQL specifics:
 * - InnoDB cascades fire no triggers: deleting a recipe deletes its pivot rows without the pivot
 *   triggers, so the recipe's delete trigger counts the key the recipe had (`old.category_key`).
 * - Every trigger that changes a count first takes the lock of the `recipe_total` row (an upsert
 *   or a no-op update of it), held to the end of its transaction. That orders recipe inserts,
 *   deletes and category changes with each other (no deadlock between two category sets or two
 *   blocks taken in opposite orders) and with the block splits of recipe-list-blocks.ts, which
 *   take it first too: a trigger choosing its block can never race a moving boundary. Recipe
 *   writes are rare and short; reactions, saves and comments update `recipe` without taking it
 *   (the update trigger acts only when created_at or category_key change).
 * - AFTER INSERT, not BEFORE: the new id is known only after the insert.
 * - No auto-increment in the tables the triggers insert into, so a trigger never touches the
 *   insert id MikroORM reads back.
 */
const SENTINEL = "'1000-01-01 00:00:00.000'"; // the lowest datetime: below every created_at
/** Recipes per block when the blocks are built here (recipe-list-blocks.ts keeps them near it). */
const BLOCK = 1000;

const keyOf = (recipeId: string) =>
  "coalesce((select group_concat(rc.`category_id` order by rc.`category_id` separator ',') " +
  `from \`recipe_category\` rc where rc.\`recipe_id\` = ${recipeId}), '')`;

const lockCounts =
  'insert into `recipe_total` (`id`, `recipe_count`) values (1, 0) on duplicate key update `recipe_count` = `recipe_count`;';

/** The block holding the key (created_at, id): the greatest start at or below it. */
const inBlockOf = (createdAt: string, id: string) =>
  `where \`start_created_at\` <= ${createdAt} and (\`start_created_at\` < ${createdAt} or \`start_id\` <= ${id}) ` +
  'order by `start_created_at` desc, `start_id` desc limit 1';

/** The blocks above the key's block (their starts are above the key): `recipes_before` moves. */
const blocksAbove = (createdAt: string, id: string, delta: string) =>
  `update \`recipe_list_block\` set \`recipes_before\` = \`recipes_before\` ${delta} ` +
  `where \`start_created_at\` >= ${createdAt} and (\`start_created_at\` > ${createdAt} or \`start_id\` > ${id});`;

const addToBlock = (createdAt: string, id: string) =>
  `insert into \`recipe_list_block\` (\`start_created_at\`, \`start_id\`, \`recipe_count\`, \`recipes_before\`) values (${SENTINEL}, 0, 0, 0) ` +
  'on duplicate key update `recipe_count` = `recipe_count`; ' +
  `update \`recipe_list_block\` set \`recipe_count\` = \`recipe_count\` + 1 ${inBlockOf(createdAt, id)}; ` +
  blocksAbove(createdAt, id, '+ 1');
const removeFromBlock = (createdAt: string, id: string) =>
  `update \`recipe_list_block\` set \`recipe_count\` = \`recipe_count\` - 1 ${inBlockOf(createdAt, id)}; ` +
  blocksAbove(createdAt, id, '- 1');

const addToSet = (key: string) =>
  `insert into \`category_set\` (\`category_key\`, \`recipe_count\`) values (${key}, 1) ` +
  'on duplicate key update `recipe_count` = `recipe_count` + 1;';
const removeFromSet = (key: string) =>
  `update \`category_set\` set \`recipe_count\` = \`recipe_count\` - 1 where \`category_key\` = ${key}; ` +
  `delete from \`category_set\` where \`category_key\` = ${key} and \`recipe_count\` <= 0;`;

export class Migration20261124070617_list_counts extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`category_set\` (\`category_key\` varchar(255) not null, \`recipe_count\` int not null, primary key (\`category_key\`)) default character set utf8mb4 engine = InnoDB;`,
    );

    this.addSql(
      `create table \`category_set_member\` (\`category_id\` int unsigned not null, \`category_key\` varchar(255) not null, primary key (\`category_id\`, \`category_key\`)) default character set utf8mb4 engine = InnoDB;`,
    );
    this.addSql(
      `alter table \`category_set_member\` add index \`category_set_member_category_key_index\`(\`category_key\`);`,
    );

    this.addSql(
      `create table \`recipe_list_block\` (\`start_created_at\` datetime(3) not null, \`start_id\` int unsigned not null, \`recipe_count\` int not null, \`recipes_before\` int not null, primary key (\`start_created_at\`, \`start_id\`)) default character set utf8mb4 engine = InnoDB;`,
    );
    this.addSql(
      `alter table \`recipe_list_block\` add index \`recipe_list_block_recipes_before_index\`(\`recipes_before\`);`,
    );

    this.addSql(
      `create table \`recipe_total\` (\`id\` int unsigned not null, \`recipe_count\` int not null, primary key (\`id\`)) default character set utf8mb4 engine = InnoDB;`,
    );

    this.addSql(
      `alter table \`category_set_member\` add constraint \`category_set_member_category_key_foreign\` foreign key (\`category_key\`) references \`category_set\` (\`category_key\`) on update cascade on delete cascade;`,
    );

    this.addSql(`alter table \`recipe\` add \`category_key\` varchar(255) null;`);

    this.addSql(
      `alter table \`recipe_category\` drop index \`recipe_category_category_recipe_index\`;`,
    );

    this.addSql(`alter table \`recipe_category\` add \`created_at\` datetime(3) null;`);
    this.addSql(
      `alter table \`recipe_category\` add index \`recipe_category_category_created_at_index\`(\`category_id\`, \`created_at\`, \`recipe_id\`);`,
    );

    // Backfill before the triggers exist (recipe-list-upkeep.ts rebuilds the same way).
    this.addSql(`update \`recipe\` r set r.\`category_key\` = ${keyOf('r.`id`')};`);
    this.addSql(
      'update `recipe_category` rc join `recipe` r on r.`id` = rc.`recipe_id` set rc.`created_at` = r.`created_at`;',
    );
    this.addSql(
      'insert into `recipe_total` (`id`, `recipe_count`) select 1, count(*) from `recipe`;',
    );
    this.addSql(
      'insert into `category_set` (`category_key`, `recipe_count`) select `category_key`, count(*) from `recipe` group by `category_key`;',
    );
    this.addSql(
      'insert into `category_set_member` (`category_id`, `category_key`) select distinct rc.`category_id`, r.`category_key` from `recipe` r join `recipe_category` rc on rc.`recipe_id` = r.`id`;',
    );
    this.addSql(
      'insert into `recipe_list_block` (`start_created_at`, `start_id`, `recipe_count`, `recipes_before`) ' +
        `select case when x.\`n\` = 1 then ${SENTINEL} else x.\`created_at\` end, case when x.\`n\` = 1 then 0 else x.\`id\` end, ` +
        `least(${BLOCK}, (select count(*) from \`recipe\`) - x.\`n\` + 1), x.\`n\` - 1 ` +
        'from (select `created_at`, `id`, row_number() over (order by `created_at`, `id`) as `n` from `recipe`) x ' +
        `where (x.\`n\` - 1) % ${BLOCK} = 0;`,
    );

    this.addSql(
      'create trigger `recipe_list_counts_after_insert` after insert on `recipe` for each row begin ' +
        'insert into `recipe_total` (`id`, `recipe_count`) values (1, 1) on duplicate key update `recipe_count` = `recipe_count` + 1; ' +
        `${addToBlock('new.`created_at`', 'new.`id`')} ` +
        `${addToSet("coalesce(new.`category_key`, '')")} end`,
    );
    this.addSql(
      'create trigger `recipe_list_counts_after_delete` after delete on `recipe` for each row begin ' +
        'update `recipe_total` set `recipe_count` = `recipe_count` - 1 where `id` = 1; ' +
        `${removeFromBlock('old.`created_at`', 'old.`id`')} ` +
        `${removeFromSet("coalesce(old.`category_key`, '')")} end`,
    );
    // Fires on every update of a recipe (counters too): it acts only when created_at or the
    // category key changed, and only then takes the lock.
    this.addSql(
      'create trigger `recipe_list_counts_after_update` after update on `recipe` for each row begin ' +
        "if not (new.`created_at` <=> old.`created_at`) or coalesce(new.`category_key`, '') <> coalesce(old.`category_key`, '') then " +
        `${lockCounts} end if; ` +
        'if not (new.`created_at` <=> old.`created_at`) then ' +
        `${removeFromBlock('old.`created_at`', 'old.`id`')} ${addToBlock('new.`created_at`', 'new.`id`')} ` +
        'update `recipe_category` set `created_at` = new.`created_at` where `recipe_id` = new.`id`; end if; ' +
        "if coalesce(new.`category_key`, '') <> coalesce(old.`category_key`, '') then " +
        `${removeFromSet("coalesce(old.`category_key`, '')")} ${addToSet("coalesce(new.`category_key`, '')")} ` +
        'insert ignore into `category_set_member` (`category_id`, `category_key`) ' +
        "select `category_id`, coalesce(new.`category_key`, '') from `recipe_category` where `recipe_id` = new.`id`; end if; end",
    );
    this.addSql(
      'create trigger `recipe_category_list_counts_before_insert` before insert on `recipe_category` for each row ' +
        'set new.`created_at` = (select r.`created_at` from `recipe` r where r.`id` = new.`recipe_id`)',
    );
    this.addSql(
      'create trigger `recipe_category_list_counts_after_insert` after insert on `recipe_category` for each row ' +
        `update \`recipe\` set \`category_key\` = ${keyOf('new.`recipe_id`')} where \`id\` = new.\`recipe_id\``,
    );
    this.addSql(
      'create trigger `recipe_category_list_counts_after_delete` after delete on `recipe_category` for each row ' +
        `update \`recipe\` set \`category_key\` = ${keyOf('old.`recipe_id`')} where \`id\` = old.\`recipe_id\``,
    );
  }

  override async down(): Promise<void> {
    for (const trigger of [
      'recipe_category_list_counts_after_delete',
      'recipe_category_list_counts_after_insert',
      'recipe_category_list_counts_before_insert',
      'recipe_list_counts_after_update',
      'recipe_list_counts_after_delete',
      'recipe_list_counts_after_insert',
    ]) {
      this.addSql(`drop trigger if exists \`${trigger}\`;`);
    }
    this.addSql(
      `alter table \`category_set_member\` drop foreign key \`category_set_member_category_key_foreign\`;`,
    );
    this.addSql(`drop table if exists \`category_set\`;`);
    this.addSql(`drop table if exists \`category_set_member\`;`);
    this.addSql(`drop table if exists \`recipe_list_block\`;`);
    this.addSql(`drop table if exists \`recipe_total\`;`);
    this.addSql(
      `alter table \`recipe_category\` drop index \`recipe_category_category_created_at_index\`;`,
    );
    this.addSql(`alter table \`recipe_category\` drop column \`created_at\`;`);
    this.addSql(
      `alter table \`recipe_category\` add index \`recipe_category_category_recipe_index\`(\`category_id\`, \`recipe_id\`);`,
    );
    this.addSql(`alter table \`recipe\` drop column \`category_key\`;`);
  }
}
