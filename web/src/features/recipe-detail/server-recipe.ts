import type { RecipeDetail } from './types';

let parsed: { id: number; recipe: RecipeDetail | null } | null = null;

function readRecipeData(): RecipeDetail | null {
  const text = document.getElementById('recipe-data')?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as RecipeDetail;
  } catch {
    return null;
  }
}

/**
 * The recipe the server put in the page it answered `/recipes/{id}` with (a JSON script element,
 * as an anonymous visitor sees it; server/src/modules/recipe-pages), when it is recipe `id`. The
 * page shows it while its own read is on the way, so the recipe paints without waiting for a
 * round trip; a member's read then adds what is theirs (reactions, saves, edit rights).
 */
export function serverRecipe(id: number): RecipeDetail | undefined {
  if (parsed === null) {
    const recipe = readRecipeData();
    parsed = { id: recipe?.id ?? 0, recipe };
  }
  return parsed.id === id && parsed.recipe ? parsed.recipe : undefined;
}
