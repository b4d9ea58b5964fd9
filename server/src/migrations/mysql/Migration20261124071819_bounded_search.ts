import { Migration } from '@mikro-orm/migrations';

/**
 * Bounded search on MySQL/MariaDB (issue 12): word tables instead of the InnoDB FULLTEXT indexes,
 * which read the table row of every match whatever the query asks (see
 * src/modules/recipes/recipe-search-mysql.ts for the measurements).
 *
 * - `recipe_search_word (word, recipe_id)`: every word of a recipe's title, ingredients and
 *   instructions, once per recipe. The primary key walks a word's recipes newest first (by id)
 *   and counts them from the index alone; `(recipe_id, word)` answers "does recipe X hold a word
 *   starting with ...".
 * - `recipe_search_title_word (word, recipe_id)`: the same for titles alone.
 * - `recipe_search_category_word (word, category_id)`: words of category names, so a search
 *   matches a recipe through its categories (via recipe_category) without re-indexing the recipes
 *   of a category when it is renamed.
 *
 * `word` is utf8mb4_unicode_ci (case- and accent-insensitive): "Crème" and "creme" are one key,
 * and `word like 'crem%'` is a range of it. A word is a run of letters, marks and digits
 * (REGEXP_REPLACE with Unicode classes, the same split as the server's searchWords), at most 64
 * characters kept; JSON_TABLE turns the words into rows (MySQL 8.0.4+, MariaDB 10.6+). The text
 * holds only letters, marks and digits between the separators, so the JSON is always valid.
 *
 * Triggers keep the tables in step: insert, and updates that change the text (counter updates,
 * the frequent kind, compare equal and cost nothing); deletes cascade through the foreign keys.
 * TRUNCATE fires neither, so code that truncates `recipe` empties these tables too
 * (clearSearchWords). Creating triggers needs the TRIGGER privilege (and with binary logging,
 * SUPER or log_bin_trust_function_creators on some servers), as the fulltext_search migration.
 */
const words = (text: string) =>
  "json_table(concat('[\"', replace(trim(regexp_replace(" +
  text +
  ", '[^\\\\p{L}\\\\p{M}\\\\p{N}]+', ' ')), ' ', '\",\"'), '\"]'), '$[*]' columns (`word` varchar(255) path '$')) `w`";

/** Inserts the words of `text` with `id` (`from`: the rows they come from, for the backfill). */
const insertWords = (table: string, key: string, id: string, text: string, from = '') =>
  `insert ignore into \`${table}\` (\`word\`, \`${key}\`) ` +
  `select left(\`w\`.\`word\`, 64), ${id} from ${from}${words(text)} where \`w\`.\`word\` <> ''`;

const recipeText = (row: string) =>
  `concat_ws(' ', ${row}.\`title\`, ${row}.\`ingredients\`, ${row}.\`instructions\`)`;

const changed = (...columns: string[]) =>
  columns
    .map((c) => `old.\`${c}\` collate utf8mb4_bin <=> new.\`${c}\` collate utf8mb4_bin`)
    .join(' and ');

const wordTable = (table: string, key: string, parent: string) =>
  `create table \`${table}\` (\`word\` varchar(64) not null collate utf8mb4_unicode_ci, ` +
  `\`${key}\` int unsigned not null, primary key (\`word\`, \`${key}\`), ` +
  `index \`${table}_${key}_word_index\` (\`${key}\`, \`word\`), ` +
  `constraint \`${table}_${key}_foreign\` foreign key (\`${key}\`) references \`${parent}\` (\`id\`) on delete cascade) ` +
  'engine = InnoDB default character set utf8mb4 collate utf8mb4_unicode_ci;';

export class Migration20261124071819_bounded_search extends Migration {
  override async up(): Promise<void> {
    this.addSql(wordTable('recipe_search_word', 'recipe_id', 'recipe'));
    this.addSql(wordTable('recipe_search_title_word', 'recipe_id', 'recipe'));
    this.addSql(wordTable('recipe_search_category_word', 'category_id', 'category'));

    // Backfill before the triggers exist (one pass per table).
    this.addSql(
      `${insertWords('recipe_search_word', 'recipe_id', 'r.`id`', recipeText('r'), '`recipe` r, ')};`,
    );
    this.addSql(
      `${insertWords('recipe_search_title_word', 'recipe_id', 'r.`id`', 'r.`title`', '`recipe` r, ')};`,
    );
    this.addSql(
      `${insertWords('recipe_search_category_word', 'category_id', 'c.`id`', 'c.`name`', '`category` c, ')};`,
    );

    this.addSql(
      'create trigger `recipe_search_words_after_insert` after insert on `recipe` for each row begin ' +
        `${insertWords('recipe_search_word', 'recipe_id', 'new.`id`', recipeText('new'))}; ` +
        `${insertWords('recipe_search_title_word', 'recipe_id', 'new.`id`', 'new.`title`')}; end;`,
    );
    this.addSql(
      'create trigger `recipe_search_words_after_update` after update on `recipe` for each row begin ' +
        `if not (${changed('title', 'ingredients', 'instructions')}) then ` +
        'delete from `recipe_search_word` where `recipe_id` = new.`id`; ' +
        `${insertWords('recipe_search_word', 'recipe_id', 'new.`id`', recipeText('new'))}; end if; ` +
        `if not (${changed('title')}) then ` +
        'delete from `recipe_search_title_word` where `recipe_id` = new.`id`; ' +
        `${insertWords('recipe_search_title_word', 'recipe_id', 'new.`id`', 'new.`title`')}; end if; end;`,
    );
    this.addSql(
      'create trigger `recipe_search_category_words_after_insert` after insert on `category` for each row ' +
        `${insertWords('recipe_search_category_word', 'category_id', 'new.`id`', 'new.`name`')};`,
    );
    this.addSql(
      'create trigger `recipe_search_category_words_after_update` after update on `category` for each row begin ' +
        `if not (${changed('name')}) then ` +
        'delete from `recipe_search_category_word` where `category_id` = new.`id`; ' +
        `${insertWords('recipe_search_category_word', 'category_id', 'new.`id`', 'new.`name`')}; end if; end;`,
    );

    this.addSql(`alter table \`recipe\` drop index \`recipe_search_fulltext\`;`);
    this.addSql(`alter table \`recipe\` drop index \`recipe_title_fulltext\`;`);
  }

  override async down(): Promise<void> {
    for (const trigger of [
      'recipe_search_category_words_after_update',
      'recipe_search_category_words_after_insert',
      'recipe_search_words_after_update',
      'recipe_search_words_after_insert',
    ]) {
      this.addSql(`drop trigger if exists \`${trigger}\`;`);
    }
    for (const table of [
      'recipe_search_category_word',
      'recipe_search_title_word',
      'recipe_search_word',
    ]) {
      this.addSql(`drop table if exists \`${table}\`;`);
    }
    this.addSql(
      `alter table \`recipe\` add fulltext index \`recipe_search_fulltext\`(\`title\`, \`ingredients\`, \`instructions\`, \`category_names\`);`,
    );
    this.addSql(`alter table \`recipe\` add fulltext index \`recipe_title_fulltext\`(\`title\`);`);
  }
}
