import type { Database } from '../../db/database.js';
import { toIso } from '../shared/sql.js';
import {
  readRecipeRowWithEdit,
  shapeRecipes,
  type RecipeData,
} from '../recipes/data/recipe-read.js';

export interface RecipePageData {
  recipe: RecipeData;
  /** When the recipe was last edited, for JSON-LD's dateModified. */
  updatedOn: string;
}

/**
 * The recipe as an anonymous visitor sees it (the page is the same for everyone, so caches and
 * crawlers get one answer), plus its last edit: one primary-key statement where the database
 * aggregates JSON, the same hot read as the API's detail (recipe-read.ts), with one more column.
 */
export async function readRecipePage(
  database: Database,
  id: number,
): Promise<RecipePageData | null> {
  const em = database.sqlReader;
  const rows = await readRecipeRowWithEdit(database, em, id);
  const [row] = rows;
  const [recipe] = await shapeRecipes(database, em, rows, null);
  if (!row || !recipe) return null;
  return { recipe, updatedOn: toIso(row.updated_at) };
}
