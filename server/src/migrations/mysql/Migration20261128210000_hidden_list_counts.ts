import { Migration } from '@mikro-orm/migrations';

/**
 * Hidden recipes leave the list structures (issue 30, item 4): the list_counts triggers treat
 * hiding like a delete and restoring like an insert, so the total, the category sets and the
 * newest-first blocks count visible recipes only, and the hot lists need no filter of their own
 * and no second statement (see the SQLite twin of this migration for the reasons). The walked
 * indexes leave hidden recipes out too: `recipe_visible_created_at_id_index` on (hidden_at,
 * created_at, id), and a hidden recipe's pivot rows have a null `created_at` until restored.
 */
const SENTINEL = "'1000-01-01 00:00:00.000'";

const lockCounts =
  'insert into `recipe_total` (`id`, `recipe_count`) values (1, 0) on duplicate key update `recipe_count` = `recipe_count`;';
const inBlockOf = (createdAt: string, id: string) =>
  `where \`start_created_at\` <= ${createdAt} and (\`start_created_at\` < ${createdAt} or \`start_id\` <= ${id}) ` +
  'order by `start_created_at` desc, `start_id` desc limit 1';
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
const addMembers =
  'insert ignore into `category_set_member` (`category_id`, `category_key`) ' +
  "select `category_id`, coalesce(new.`category_key`, '') from `recipe_category` where `recipe_id` = new.`id`;";

const visible = (row: 'old' | 'new') => `${row}.\`hidden_at\` is null`;
const NEW_KEY = "coalesce(new.`category_key`, '')";
const OLD_KEY = "coalesce(old.`category_key`, '')";

export class Migration20261128210000_hidden_list_counts extends Migration {
  override async up(): Promise<void> {
    for (const trigger of [
      'recipe_list_counts_after_insert',
      'recipe_list_counts_after_delete',
      'recipe_list_counts_after_update',
      'recipe_category_list_counts_before_insert',
    ]) {
      this.addSql(`drop trigger if exists \`${trigger}\`;`);
    }
    this.addSql('alter table `recipe` drop index `recipe_created_at_id_index`;');
    this.addSql(
      'alter table `recipe` add index `recipe_visible_created_at_id_index`(`hidden_at`, `created_at`, `id`);',
    );
    this.addSql(
      'create trigger `recipe_list_counts_after_insert` after insert on `recipe` for each row begin ' +
        `if ${visible('new')} then ` +
        'insert into `recipe_total` (`id`, `recipe_count`) values (1, 1) on duplicate key update `recipe_count` = `recipe_count` + 1; ' +
        `${addToBlock('new.`created_at`', 'new.`id`')} ${addToSet(NEW_KEY)} end if; end`,
    );
    this.addSql(
      'create trigger `recipe_list_counts_after_delete` after delete on `recipe` for each row begin ' +
        `if ${visible('old')} then ` +
        'update `recipe_total` set `recipe_count` = `recipe_count` - 1 where `id` = 1; ' +
        `${removeFromBlock('old.`created_at`', 'old.`id`')} ${removeFromSet(OLD_KEY)} end if; end`,
    );
    const moved = 'not (new.`created_at` <=> old.`created_at`)';
    const rekeyed = `${NEW_KEY} <> ${OLD_KEY}`;
    const bothVisible = `${visible('old')} and ${visible('new')}`;
    const hiding = `${visible('old')} and not ${visible('new')}`;
    const restoring = `not ${visible('old')} and ${visible('new')}`;
    // Fires on every update of a recipe (counters too): it acts, and takes the lock, only when
    // the list key, the category key or the hidden state changed.
    this.addSql(
      'create trigger `recipe_list_counts_after_update` after update on `recipe` for each row begin ' +
        `if (${bothVisible} and (${moved} or ${rekeyed})) or ${hiding} or ${restoring} then ${lockCounts} end if; ` +
        `if ${bothVisible} and ${moved} then ` +
        `${removeFromBlock('old.`created_at`', 'old.`id`')} ${addToBlock('new.`created_at`', 'new.`id`')} ` +
        'update `recipe_category` set `created_at` = new.`created_at` where `recipe_id` = new.`id`; end if; ' +
        `if ${bothVisible} and ${rekeyed} then ${removeFromSet(OLD_KEY)} ${addToSet(NEW_KEY)} ${addMembers} end if; ` +
        `if ${hiding} then ` +
        'update `recipe_total` set `recipe_count` = `recipe_count` - 1 where `id` = 1; ' +
        `${removeFromBlock('old.`created_at`', 'old.`id`')} ${removeFromSet(OLD_KEY)} ` +
        'update `recipe_category` set `created_at` = null where `recipe_id` = old.`id`; end if; ' +
        `if ${restoring} then ` +
        'update `recipe_total` set `recipe_count` = `recipe_count` + 1 where `id` = 1; ' +
        `${addToBlock('new.`created_at`', 'new.`id`')} ${addToSet(NEW_KEY)} ${addMembers} ` +
        'update `recipe_category` set `created_at` = new.`created_at` where `recipe_id` = new.`id`; end if; end',
    );
    this.addSql(
      'create trigger `recipe_category_list_counts_before_insert` before insert on `recipe_category` for each row ' +
        'set new.`created_at` = (select r.`created_at` from `recipe` r where r.`id` = new.`recipe_id` and r.`hidden_at` is null)',
    );
  }
}
