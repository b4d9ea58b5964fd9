/**
 * The search's own tables, which have no entity (app-database.ts hands them to db/ so that the
 * schema diff keeps away from them; the migrations named fulltext_search and bounded_search create them and their triggers).
 */

/** SQLite: FTS5 over title, ingredients, instructions and category names (external content). */
export const SEARCH_TABLE = 'recipe_search';
/** SQLite: FTS5 over the title alone, for the title window of a search. */
export const TITLE_SEARCH_TABLE = 'recipe_search_title';
/** SQLite: every term FTS5 has indexed in SEARCH_TABLE (the search_terms migration). */
export const SEARCH_TERM_TABLE = 'recipe_search_term';
/** SQLite: where the triggers let FTS5 tokenize a recipe's new text for SEARCH_TERM_TABLE. */
export const SEARCH_TERM_SCRATCH_TABLE = 'recipe_search_term_scratch';
/**
 * MySQL/MariaDB: (word, recipe) for every word of the four fields.
 *
 * Why not the InnoDB FULLTEXT indexes used before: InnoDB reads the table row of every match,
 * whatever the query asks. Measured on MariaDB 10.11 (100,000 bench recipes, 128 MiB buffer
 * pool, shared 2-core machine): `count(*)` of "+garlic" (52,358 matches) made 262,000 buffer
 * pool page requests, 1.3-1.8 s; `select id ... order by id desc limit 5` made the same 262,000
 * and took as long (also with MATCH(...) > 0, and on a narrow copy of the table keyed by
 * FTS_DOC_ID). Over the word table, counting "garlic" reads 52,358 index entries (133 page
 * requests, 26 ms) and its newest 5 matches take 16 page requests (0.4 ms).
 */
export const SEARCH_WORD_TABLE = 'recipe_search_word';
/** MySQL/MariaDB: (word, recipe) for every word of the title. */
export const TITLE_WORD_TABLE = 'recipe_search_title_word';
/** MySQL/MariaDB: (word, category) for every word of a category's name. */
export const CATEGORY_WORD_TABLE = 'recipe_search_category_word';

/**
 * Every table above as the schema diff must leave it: on SQLite the FTS5 tables and the shadow
 * tables FTS5 creates for them, on MySQL the word tables. They come from hand-written migrations
 * (no entity), so the diff must not drop them.
 */
export const SEARCH_OWN_TABLES: readonly (string | RegExp)[] = [
  ...[SEARCH_TABLE, TITLE_SEARCH_TABLE, SEARCH_TERM_SCRATCH_TABLE].flatMap((table) => [
    table,
    new RegExp(`^${table}_(data|idx|content|docsize|config)$`),
  ]),
  SEARCH_TERM_TABLE,
  `${SEARCH_TERM_SCRATCH_TABLE}_vocab`,
  SEARCH_WORD_TABLE,
  TITLE_WORD_TABLE,
  CATEGORY_WORD_TABLE,
];
