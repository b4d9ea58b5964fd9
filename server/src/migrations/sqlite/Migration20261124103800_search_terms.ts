import { Migration } from '@mikro-orm/migrations';

/**
 * The terms of the search index (issue 12), so a search can turn a prefix into the terms it
 * covers (`"onion"*` becomes `("onion" OR "onions")`, src/modules/recipes/recipe-search-sqlite.ts):
 * FTS5 expands `"onion"*` by merging the doclists of every term under the prefix before it
 * returns the first row (6.8-7.0 ms at 100,000 bench recipes, for the count and again for the
 * newest matches), while an OR of plain terms is read lazily from the newest end (0.12 ms).
 *
 * `recipe_search_term` holds every term FTS5 has indexed in `recipe_search`, exactly as FTS5
 * tokenized it: the triggers give the new text to `recipe_search_term_scratch`, a contentless
 * FTS5 table with the same tokenizer, copy its vocabulary (fts5vocab) and empty it again, so the
 * terms are FTS5's own (a tokenizer of our own in JavaScript would differ on letters FTS5 folds,
 * "ø" and the like, and miss them). Terms are never removed: a stale term only adds an empty
 * branch to an OR. Cost measured in a scratch database: a recipe insert 28 -> 45 µs.
 * fts5vocab itself is no lookup for a search: it counts each term's documents as it goes, 7.3 ms
 * for the terms under "onion", 550 ms for all of them (once, below).
 *
 * Like the fulltext_search migration's triggers, these are dropped if a later migration makes
 * MikroORM rebuild `recipe` (SQLite's copy-and-rename); test/recipes/search.test.ts fails then.
 */
export class Migration20261124103800_search_terms extends Migration {

  override async up(): Promise<void> {
    this.addSql('create table `recipe_search_term` (`term` text not null primary key) without rowid;');
    this.addSql(
      "create virtual table `recipe_search_term_scratch` using fts5(`text`, content='', " +
        "tokenize='unicode61 remove_diacritics 2');",
    );
    this.addSql(
      "create virtual table `recipe_search_term_scratch_vocab` using fts5vocab(`recipe_search_term_scratch`, 'row');",
    );
    this.addSql("create virtual table `recipe_search_vocab_once` using fts5vocab(`recipe_search`, 'row');");
    this.addSql('insert or ignore into `recipe_search_term`(`term`) select `term` from `recipe_search_vocab_once`;');
    this.addSql('drop table `recipe_search_vocab_once`;');

    const collect =
      'insert into `recipe_search_term_scratch`(`rowid`, `text`) values (new.`id`, ' +
      "coalesce(new.`title`, '') || ' ' || coalesce(new.`ingredients`, '') || ' ' || " +
      "coalesce(new.`instructions`, '') || ' ' || coalesce(new.`category_names`, '')); " +
      'insert or ignore into `recipe_search_term`(`term`) select `term` from `recipe_search_term_scratch_vocab`; ' +
      "insert into `recipe_search_term_scratch`(`recipe_search_term_scratch`) values ('delete-all');";
    this.addSql(`create trigger \`recipe_search_term_after_insert\` after insert on \`recipe\` begin ${collect} end;`);
    this.addSql(
      'create trigger `recipe_search_term_after_update` after update of `title`, `ingredients`, `instructions`, ' +
        `\`category_names\` on \`recipe\` begin ${collect} end;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists `recipe_search_term_after_update`;');
    this.addSql('drop trigger if exists `recipe_search_term_after_insert`;');
    this.addSql('drop table if exists `recipe_search_term_scratch_vocab`;');
    this.addSql('drop table if exists `recipe_search_term_scratch`;');
    this.addSql('drop table if exists `recipe_search_term`;');
  }

}
