import { Migration } from '@mikro-orm/migrations';

/**
 * Full-text search on MySQL/MariaDB (issue 4): `recipe.category_names` (the recipe's category
 * names, kept by triggers) and two FULLTEXT indexes, one over title, ingredients, instructions
 * and category names (the match) and one over the title alone (to rank title matches higher).
 * Accents fold through the utf8mb4 collation. The indexes are declared on the Recipe entity too,
 * so the schema diff knows them; MikroORM does not read triggers.
 *
 * InnoDB cascades do not fire triggers, so deleting a recipe leaves nothing to maintain here;
 * a category in use cannot be deleted. With binary logging on, creating triggers needs the
 * TRIGGER privilege (and SUPER or log_bin_trust_function_creators on some servers).
 */
export class Migration20261123092452_fulltext_search extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table \`recipe\` add \`category_names\` text null;`);

    const namesOf = (recipeId: string) =>
      "(select group_concat(c.`name` order by c.`name` separator ' ') from `recipe_category` rc " +
      `join \`category\` c on c.\`id\` = rc.\`category_id\` where rc.\`recipe_id\` = ${recipeId})`;
    // Backfill before building the indexes (one build instead of one update per row).
    this.addSql(`update \`recipe\` r set r.\`category_names\` = ${namesOf('r.`id`')};`);

    this.addSql(
      `alter table \`recipe\` add fulltext index \`recipe_search_fulltext\`(\`title\`,\`ingredients\`,\`instructions\`,\`category_names\`);`,
    );
    this.addSql(`alter table \`recipe\` add fulltext index \`recipe_title_fulltext\`(\`title\`);`);

    this.addSql(
      'create trigger `recipe_category_names_after_insert` after insert on `recipe_category` for each row ' +
        `update \`recipe\` set \`category_names\` = ${namesOf('new.`recipe_id`')} where \`id\` = new.\`recipe_id\`;`,
    );
    this.addSql(
      'create trigger `recipe_category_names_after_delete` after delete on `recipe_category` for each row ' +
        `update \`recipe\` set \`category_names\` = ${namesOf('old.`recipe_id`')} where \`id\` = old.\`recipe_id\`;`,
    );
    this.addSql(
      'create trigger `category_names_after_rename` after update on `category` for each row ' +
        `update \`recipe\` r set r.\`category_names\` = ${namesOf('r.`id`')} ` +
        'where r.`id` in (select `recipe_id` from `recipe_category` where `category_id` = new.`id`);',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists `category_names_after_rename`;');
    this.addSql('drop trigger if exists `recipe_category_names_after_delete`;');
    this.addSql('drop trigger if exists `recipe_category_names_after_insert`;');
    this.addSql(`alter table \`recipe\` drop index \`recipe_search_fulltext\`;`);
    this.addSql(`alter table \`recipe\` drop index \`recipe_title_fulltext\`;`);
    this.addSql(`alter table \`recipe\` drop column \`category_names\`;`);
  }
}
