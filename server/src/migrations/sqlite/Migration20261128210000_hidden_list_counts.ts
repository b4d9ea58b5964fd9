import { Migration } from '@mikro-orm/migrations';

/**
 * Hidden recipes leave the list structures (issue 30, item 4): the list_counts triggers treat
 * hiding like a delete and restoring like an insert, so the total, the category sets and the
 * newest-first blocks count visible recipes only, and the hot lists need no filter of their own
 * and no second statement. Cheapest of the choices: a count that included hidden recipes would
 * need a per-request correction, and a filter over a scan is what the counts exist to avoid.
 *
 * The walks skip index entries, so hidden recipes must leave the indexes they walk too:
 * - `recipe_created_at_id_index` becomes `recipe_visible_created_at_id_index` on (hidden_at,
 *   created_at, id): the newest-first walk reads the `hidden_at is null` prefix, in order.
 * - a hidden recipe's pivot rows get a null `created_at` (the category walk reads
 *   `created_at is not null`, a range of the same index), and get it back on restore.
 *
 * Every other case of the list_counts triggers acts only on visible recipes (a created_at or
 * category change of a hidden recipe moves nothing; its restore adds it as it then is).
 */
const SENTINEL = -62135596800000;

const blockOf = (createdAt: string, id: string) =>
  'select `rowid` from `recipe_list_block` ' +
  `where (\`start_created_at\`, \`start_id\`) <= (${createdAt}, ${id}) ` +
  'order by `start_created_at` desc, `start_id` desc limit 1';
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
const addMembers = (recipe: string) =>
  'insert or ignore into `category_set_member` (`category_id`, `category_key`) ' +
  `select \`category_id\`, coalesce(${recipe}.\`category_key\`, '') from \`recipe_category\` where \`recipe_id\` = ${recipe}.\`id\`;`;

const TRIGGERS = [
  'recipe_list_counts_after_insert',
  'recipe_list_counts_after_delete',
  'recipe_list_counts_after_created_at',
  'recipe_list_counts_after_category_key',
  'recipe_category_list_counts_after_insert',
];

export class Migration20261128210000_hidden_list_counts extends Migration {
  override async up(): Promise<void> {
    for (const trigger of TRIGGERS) this.addSql(`drop trigger if exists \`${trigger}\`;`);
    this.addSql('drop index if exists `recipe_created_at_id_index`;');
    this.addSql(
      'create index `recipe_visible_created_at_id_index` on `recipe` (`hidden_at`, `created_at`, `id`);',
    );
    this.addSql(
      'create trigger `recipe_list_counts_after_insert` after insert on `recipe` when new.`hidden_at` is null begin ' +
        'insert into `recipe_total` (`id`, `recipe_count`) values (1, 1) on conflict (`id`) do update set `recipe_count` = `recipe_count` + 1; ' +
        `${addToBlock('new.`created_at`', 'new.`id`')} ` +
        `${addToSet("coalesce(new.`category_key`, '')")} end;`,
    );
    this.addSql(
      'create trigger `recipe_list_counts_after_delete` after delete on `recipe` when old.`hidden_at` is null begin ' +
        'update `recipe_total` set `recipe_count` = `recipe_count` - 1 where `id` = 1; ' +
        `${removeFromBlock('old.`created_at`', 'old.`id`')} ` +
        `${removeFromSet("coalesce(old.`category_key`, '')")} end;`,
    );
    this.addSql(
      'create trigger `recipe_list_counts_after_created_at` after update of `created_at` on `recipe` ' +
        'when new.`created_at` is not old.`created_at` and old.`hidden_at` is null and new.`hidden_at` is null begin ' +
        `${removeFromBlock('old.`created_at`', 'old.`id`')} ${addToBlock('new.`created_at`', 'new.`id`')} ` +
        'update `recipe_category` set `created_at` = new.`created_at` where `recipe_id` = new.`id`; end;',
    );
    this.addSql(
      'create trigger `recipe_list_counts_after_category_key` after update of `category_key` on `recipe` ' +
        "when coalesce(new.`category_key`, '') is not coalesce(old.`category_key`, '') " +
        'and old.`hidden_at` is null and new.`hidden_at` is null begin ' +
        `${removeFromSet("coalesce(old.`category_key`, '')")} ${addToSet("coalesce(new.`category_key`, '')")} ` +
        `${addMembers('new')} end;`,
    );
    this.addSql(
      'create trigger `recipe_list_counts_after_hide` after update of `hidden_at` on `recipe` ' +
        'when old.`hidden_at` is null and new.`hidden_at` is not null begin ' +
        'update `recipe_total` set `recipe_count` = `recipe_count` - 1 where `id` = 1; ' +
        `${removeFromBlock('old.`created_at`', 'old.`id`')} ` +
        `${removeFromSet("coalesce(old.`category_key`, '')")} ` +
        'update `recipe_category` set `created_at` = null where `recipe_id` = old.`id`; end;',
    );
    this.addSql(
      'create trigger `recipe_list_counts_after_restore` after update of `hidden_at` on `recipe` ' +
        'when old.`hidden_at` is not null and new.`hidden_at` is null begin ' +
        'insert into `recipe_total` (`id`, `recipe_count`) values (1, 1) on conflict (`id`) do update set `recipe_count` = `recipe_count` + 1; ' +
        `${addToBlock('new.`created_at`', 'new.`id`')} ` +
        `${addToSet("coalesce(new.`category_key`, '')")} ${addMembers('new')} ` +
        'update `recipe_category` set `created_at` = new.`created_at` where `recipe_id` = new.`id`; end;',
    );
    this.addSql(
      'create trigger `recipe_category_list_counts_after_insert` after insert on `recipe_category` begin ' +
        'update `recipe_category` set `created_at` = (select r.`created_at` from `recipe` r where r.`id` = new.`recipe_id` and r.`hidden_at` is null) ' +
        'where `recipe_id` = new.`recipe_id` and `category_id` = new.`category_id`; ' +
        "update `recipe` set `category_key` = coalesce((select group_concat(`category_id`, ',' order by `category_id`) from `recipe_category` where `recipe_id` = new.`recipe_id`), '') where `id` = new.`recipe_id`; end;",
    );
  }
}
