/**
 * What each cached list entry depends on, and what each write changes (recipe-count-cache.ts
 * keeps the entries). An entry carries tags; a write drops every entry carrying one of its tags,
 * in this process at once and in the others through Redis (recipe-cache-bus.ts).
 *
 * Tags:
 * - `recipes`: which recipes exist (create, delete).
 * - `recipe-categories`: which categories each recipe is in (update).
 * - `search-text`: the text a search matches: title, ingredients, instructions and category
 *   names (update, category rename).
 * - `author:<id>`: which recipes one member wrote (their create and delete).
 * - `saved:<id>`: which recipes one member saved (their save toggle); `saved` every member's.
 *
 * | entry (list filter)                      | tags                                                |
 * | ---------------------------------------- | --------------------------------------------------- |
 * | count, no filter (an Admin's "my list")  | recipes                                             |
 * | count, categories                        | recipes, recipe-categories                          |
 * | count, search                            | recipes, search-text                                |
 * | count, member A's own list (+ filters)   | author:A (+ recipe-categories, search-text)         |
 * | count, member M's saved list (+ filters) | saved:M, saved (+ recipe-categories, search-text)   |
 * | search ranking (any filters)             | its count's tags + recipes                          |
 *
 * | write (by whom)                          | drops                                               |
 * | ---------------------------------------- | --------------------------------------------------- |
 * | create a recipe (author A)               | recipes, author:A                                   |
 * | update a recipe's text or categories     | recipe-categories, search-text                      |
 * | delete a recipe (author A)               | recipes, author:A, saved                            |
 * | rename a category                        | search-text                                         |
 * | save toggle (member M)                   | saved:M                                             |
 * | reaction, comment, review                | nothing (no cached entry reads them)                |
 *
 * Why this is enough: a filtered list is the intersection of its filters, so its count changes
 * only when a recipe enters or leaves one of them. A new recipe can enter any list of all
 * recipes (`recipes`) and its author's own list (`author:A`), never a saved list (nobody saved
 * it yet). An update moves recipes in and out of category and search filters, never in or out
 * of a member's own or saved list. A delete leaves every list that held it; it leaves the saved
 * list of whoever saved it, and we drop every saved list rather than read who did: that would be
 * one more query in the delete's transaction and one tag per saver to publish, for the rarest
 * write, when a saved list's count is one indexed query to rebuild. A category rename changes
 * what a search matches (category names), not which recipes a category holds; deleting a
 * category is refused while a recipe is in it, and a new one holds none. A ranking also depends
 * on every recipe, even inside a saved list: bm25 and MATCH weigh a word by how many recipes
 * hold it. Admins list every recipe under "my recipes", so theirs is the unfiltered entry.
 */
export const RECIPES_TAG = 'recipes';
export const RECIPE_CATEGORIES_TAG = 'recipe-categories';
export const SEARCH_TEXT_TAG = 'search-text';
export const SAVED_LISTS_TAG = 'saved';
/** Drops every entry: tables changed behind the services' back (tests, tools). */
export const EVERYTHING_TAG = '*';

export const authorTag = (userId: number) => `author:${userId}`;
export const savedTag = (userId: number) => `saved:${userId}`;

/** A cached entry's identity within its database and what it depends on. */
export interface CacheKey {
  id: string;
  tags: readonly string[];
}

/**
 * The filters listRecipes puts in a list's key (`[marker, value, ...]`): categories (`c`, the
 * sorted ids), a member's own list (`m`, the author id), a member's saved list (`s`, their id)
 * and a search (`q`, its words). A new filter must be added here, with its tags, or its lists
 * fail loudly instead of being cached without their dependencies.
 */
const FILTERS = new Set(['c', 'm', 's', 'q']);

/** The cache key of the list count with filters `parts`: `[]` is the unfiltered list. */
export function listCacheKey(parts: readonly unknown[]): CacheKey {
  const filters = new Map<unknown, unknown>();
  for (let i = 0; i < parts.length; i += 2) {
    if (!FILTERS.has(parts[i] as string)) {
      throw new Error(`listCacheKey: unknown list filter ${JSON.stringify(parts[i])}`);
    }
    filters.set(parts[i], parts[i + 1]);
  }
  const tags: string[] = [];
  const author = filters.get('m');
  const saver = filters.get('s');
  if (author !== undefined) tags.push(authorTag(Number(author)));
  if (saver !== undefined) tags.push(savedTag(Number(saver)), SAVED_LISTS_TAG);
  if (author === undefined && saver === undefined) tags.push(RECIPES_TAG);
  if (filters.has('c')) tags.push(RECIPE_CATEGORIES_TAG);
  if (filters.has('q')) tags.push(SEARCH_TEXT_TAG);
  return { id: JSON.stringify(parts), tags };
}

/** The key of a search's best `limit` ranked ids, whose count has the key `count`. */
export function rankingCacheKey(count: CacheKey, limit: number): CacheKey {
  return {
    id: `ids ${limit} ${count.id}`,
    tags: count.tags.includes(RECIPES_TAG) ? count.tags : [...count.tags, RECIPES_TAG],
  };
}

export const recipeCreatedTags = (authorId: number) => [RECIPES_TAG, authorTag(authorId)];
export const recipeUpdatedTags = () => [RECIPE_CATEGORIES_TAG, SEARCH_TEXT_TAG];
export const recipeDeletedTags = (authorId: number | null) =>
  authorId === null
    ? [RECIPES_TAG, SAVED_LISTS_TAG]
    : [RECIPES_TAG, authorTag(authorId), SAVED_LISTS_TAG];
export const categoryRenamedTags = () => [SEARCH_TEXT_TAG];
export const saveToggledTags = (userId: number) => [savedTag(userId)];
