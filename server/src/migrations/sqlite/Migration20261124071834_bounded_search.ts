import { Migration } from '@mikro-orm/migrations';

/**
 * Bounded search on SQLite (issue 12): an FTS5 index over recipe titles alone, `recipe_search_title`,
 * from which a search takes its newest title matches (src/modules/recipes/recipe-search.ts). The
 * four-column index `recipe_search` could answer `{title}: ...` too, but FTS5 expands a prefix
 * term over every column before it applies a column filter: `{title}: "c"*` cost as much as
 * `"c"*` (28 ms at 100,000 bench recipes), against 5 ms over the titles alone (0.5 MB of index
 * next to 65 MB). External content like `recipe_search`, kept in step by the triggers below
 * (only title changes touch it); `unicode61 remove_diacritics 2` folds accents the same way.
 *
 * Like the fulltext_search migration's triggers, these are dropped if a later migration makes
 * MikroORM rebuild `recipe` (SQLite's copy-and-rename); test/recipes/search.test.ts fails then.
 */
export class Migration20261124071834_bounded_search extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      "create virtual table `recipe_search_title` using fts5(`title`, content='recipe', content_rowid='id', " +
        "tokenize='unicode61 remove_diacritics 2');",
    );
    this.addSql("insert into `recipe_search_title`(`recipe_search_title`) values ('rebuild');");

    const indexNew =
      'insert into `recipe_search_title`(`rowid`, `title`) values (new.`id`, new.`title`);';
    const unindexOld =
      "insert into `recipe_search_title`(`recipe_search_title`, `rowid`, `title`) values ('delete', old.`id`, old.`title`);";
    this.addSql(
      `create trigger \`recipe_search_title_after_insert\` after insert on \`recipe\` begin ${indexNew} end;`,
    );
    this.addSql(
      `create trigger \`recipe_search_title_after_delete\` after delete on \`recipe\` begin ${unindexOld} end;`,
    );
    this.addSql(
      `create trigger \`recipe_search_title_after_update\` after update of \`title\` on \`recipe\` begin ${unindexOld} ${indexNew} end;`,
    );
  }

  override async down(): Promise<void> {
    for (const trigger of [
      'recipe_search_title_after_update',
      'recipe_search_title_after_delete',
      'recipe_search_title_after_insert',
    ]) {
      this.addSql(`drop trigger if exists \`${trigger}\`;`);
    }
    this.addSql('drop table if exists `recipe_search_title`;');
  }
}
