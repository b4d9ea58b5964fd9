import { Migration } from '@mikro-orm/migrations';

/**
 * Full-text search on SQLite (issue 4): `recipe.category_names` (the recipe's category names,
 * kept by triggers) and an FTS5 index `recipe_search` over title, ingredients, instructions and
 * category names. The index is external-content (content='recipe'), so it stores no copy of the
 * text, only the index; the triggers below keep it exactly in step with `recipe`, which an
 * external-content table requires ('delete' must be given the values that were indexed, which
 * the triggers take from OLD). `unicode61 remove_diacritics 2` folds accents (é, ü, ç ...) on
 * both sides, so "creme brulee" finds "Crème brûlée".
 *
 * No `prefix=` index, though every search term is a prefix (`"word"*`): measured on the bench
 * data set (100,000 recipes), `prefix='2 3'` made the index 2.6 times larger (65 MB to 169 MB)
 * and every write index each word three times, while a search's cost is ranking its matches
 * (bm25 for each), not finding them: counting the matches of "ch"* took about 20 ms without it.
 * A prefix index only serves prefixes of exactly its lengths, so it would not help "garlic"*.
 *
 * The FTS5 table, its shadow tables and the triggers have no entity: orm-options.ts lists the
 * tables in `schemaGenerator.skipTables`, and MikroORM does not read triggers. Beware: a later
 * migration that makes MikroORM rebuild `recipe`, `recipe_category` or `category` (SQLite's
 * copy-and-rename for some column changes) drops these triggers and must create them again;
 * test/recipes/search.test.ts fails if search stops following writes.
 */
export class Migration20261123092451_fulltext_search extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table \`recipe\` add column \`category_names\` text null;`);

    const namesOf = (recipeId: string) =>
      `(select group_concat(\`name\`, ' ') from (select c.\`name\` from \`recipe_category\` rc ` +
      `join \`category\` c on c.\`id\` = rc.\`category_id\` where rc.\`recipe_id\` = ${recipeId} order by c.\`name\`))`;
    this.addSql(`update \`recipe\` set \`category_names\` = ${namesOf('`recipe`.`id`')};`);

    this.addSql(
      `create virtual table \`recipe_search\` using fts5(\`title\`, \`ingredients\`, \`instructions\`, \`category_names\`, ` +
        `content='recipe', content_rowid='id', tokenize='unicode61 remove_diacritics 2');`,
    );
    this.addSql(`insert into \`recipe_search\`(\`recipe_search\`) values ('rebuild');`);

    const indexNew =
      'insert into `recipe_search`(`rowid`, `title`, `ingredients`, `instructions`, `category_names`) ' +
      'values (new.`id`, new.`title`, new.`ingredients`, new.`instructions`, new.`category_names`);';
    const unindexOld =
      'insert into `recipe_search`(`recipe_search`, `rowid`, `title`, `ingredients`, `instructions`, `category_names`) ' +
      "values ('delete', old.`id`, old.`title`, old.`ingredients`, old.`instructions`, old.`category_names`);";
    this.addSql(
      `create trigger \`recipe_search_after_insert\` after insert on \`recipe\` begin ${indexNew} end;`,
    );
    this.addSql(
      `create trigger \`recipe_search_after_delete\` after delete on \`recipe\` begin ${unindexOld} end;`,
    );
    // Only the indexed columns: counter updates (reactions, saves ...) leave the index alone.
    this.addSql(
      'create trigger `recipe_search_after_update` after update of `title`, `ingredients`, `instructions`, `category_names` ' +
        `on \`recipe\` begin ${unindexOld} ${indexNew} end;`,
    );

    // Category names follow the pivot and renames; each update above re-indexes the recipe.
    this.addSql(
      'create trigger `recipe_category_names_after_insert` after insert on `recipe_category` begin ' +
        `update \`recipe\` set \`category_names\` = ${namesOf('new.`recipe_id`')} where \`id\` = new.\`recipe_id\`; end;`,
    );
    this.addSql(
      'create trigger `recipe_category_names_after_delete` after delete on `recipe_category` begin ' +
        `update \`recipe\` set \`category_names\` = ${namesOf('old.`recipe_id`')} where \`id\` = old.\`recipe_id\`; end;`,
    );
    this.addSql(
      'create trigger `category_names_after_rename` after update of `name` on `category` begin ' +
        `update \`recipe\` set \`category_names\` = ${namesOf('`recipe`.`id`')} ` +
        'where `id` in (select `recipe_id` from `recipe_category` where `category_id` = new.`id`); end;',
    );
  }

  override async down(): Promise<void> {
    for (const trigger of [
      'category_names_after_rename',
      'recipe_category_names_after_delete',
      'recipe_category_names_after_insert',
      'recipe_search_after_update',
      'recipe_search_after_delete',
      'recipe_search_after_insert',
    ]) {
      this.addSql(`drop trigger if exists \`${trigger}\`;`);
    }
    this.addSql(`drop table if exists \`recipe_search\`;`);
    this.addSql(`alter table \`recipe\` drop column \`category_names\`;`);
  }
}
