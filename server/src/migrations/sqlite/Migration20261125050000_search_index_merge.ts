import { Migration } from '@mikro-orm/migrations';

/**
 * FTS5's `usermerge` 2 for both search indexes (issue 12): the search index upkeep
 * (src/modules/recipes/search/search-index-upkeep.ts) then merges any level that holds two
 * segments, not four, so an index keeps about one segment per level. Settings of an FTS5 table
 * live in its own config table: nothing to undo but the setting.
 */
export class Migration20261125050000_search_index_merge extends Migration {

  override async up(): Promise<void> {
    this.addSql("insert into `recipe_search`(`recipe_search`, `rank`) values('usermerge', 2);");
    this.addSql("insert into `recipe_search_title`(`recipe_search_title`, `rank`) values('usermerge', 2);");
  }

  override async down(): Promise<void> {
    this.addSql("insert into `recipe_search`(`recipe_search`, `rank`) values('usermerge', 4);");
    this.addSql("insert into `recipe_search_title`(`recipe_search_title`, `rank`) values('usermerge', 4);");
  }

}
