import type { RecipeListInput } from '@recipehub/openapi/schemas/recipes';
import type { Viewer } from '../../../auth/viewer.js';
import { placeholders } from '../../shared/sql.js';
import type { Condition } from './recipe-list-page.js';
import { searchWords } from '../search/search-text.js';
import { visibleTo } from './visibility.js';

/**
 * What a list request asks for, as the statements will run it: built from the request alone (no
 * database), so the plan can be read and tested apart from running it (recipe-list.ts runs it).
 */
export interface RecipeListPlan {
  /** Each filter as a set to start from and a per-recipe probe (see Condition). */
  conditions: Condition[];
  /** Only the caller's own recipes: recipe_author_created_at_index serves the list by itself. */
  byAuthor: boolean;
  /** The search's words; empty for a list newest first. */
  words: string[];
}

/** `known` is the caller when the request asks for one of their lists (null otherwise). */
export function recipeListPlan(input: RecipeListInput, known: Viewer | null): RecipeListPlan {
  const conditions: Condition[] = [];
  if (input.categories.length > 0) {
    const list = placeholders(input.categories);
    conditions.push({
      drive:
        'r.`id` in (select rc.`recipe_id` from `recipe_category` rc ' +
        `where rc.\`category_id\` in (${list}))`,
      // One point lookup per category: the pivot's primary key or its (category, recipe) index.
      probe:
        '(select 1 from `recipe_category` rc ' +
        `where rc.\`recipe_id\` = r.\`id\` and rc.\`category_id\` in (${list}) limit 1) is not null`,
      params: input.categories,
    });
  }
  // An Admin's "my recipes" is every recipe (the spec's dashboard). recipe_author_created_at_index
  // serves it newest first by itself, so the other filters probe the author's recipes in order.
  const byAuthor = known !== null && input.my_recipes && known.role !== 'Admin';
  if (byAuthor) {
    conditions.push({
      drive: 'r.`author_id` = ?',
      probe: 'r.`author_id` = ?',
      params: [known.userId],
    });
  }
  if (known && input.saved_recipes) {
    // Saved recipes someone else wrote may be hidden: the count and the page leave them out
    // (visibility.ts); the caller's own stay, as on their detail.
    const visible = visibleTo(known, 'r', 'author_id');
    conditions.push({
      drive: `r.\`id\` in (select s.\`recipe_id\` from \`save\` s where s.\`user_id\` = ?) and ${visible.sql}`,
      // save_user_recipe_unique (user_id, recipe_id).
      probe:
        '(select 1 from `save` s where s.`user_id` = ? and s.`recipe_id` = r.`id` limit 1) is not null ' +
        `and ${visible.sql}`,
      params: [known.userId, ...visible.params],
    });
  }
  const words = searchWords(input.search);
  return { conditions, byAuthor, words };
}
