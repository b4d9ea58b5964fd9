import { memberAccess, requireAccess } from '../../auth/access.js';
import { type Viewer } from '../../auth/viewer.js';
import { saveToggledTags } from '../recipes/data/recipe-cache-tags.js';
import { invalidateRecipeCaches } from '../recipes/data/recipe-count-cache.js';
import { lockRecipe, recipeCounter } from '../recipes/data/recipe-lookups.js';
import { refreshRecipeCounters } from '../recipes/data/recipe.repository.js';
import type { ServiceDeps } from '../shared/service-deps.js';
import { retryOnConflict } from '../shared/retry.js';
import { Save } from './save.entity.js';

export interface SaveToggleData {
  status: 'recipe saved' | 'recipe unsaved';
  is_saved_by_user: boolean;
  saved_by_count: number;
}

export const TOGGLE_SAVE_ACCESS = memberAccess(['input', 'login']);

/** Saves the recipe for the caller, or unsaves it when already saved. */
export async function toggleSave(
  deps: ServiceDeps,
  viewer: Viewer | null,
  recipeId: number,
): Promise<SaveToggleData> {
  const known = requireAccess(TOGGLE_SAVE_ACCESS, viewer);
  const result = await retryOnConflict(() =>
    deps.orm.em.fork().transactional(async (tx) => {
      await lockRecipe(tx, recipeId);
      // Native statements, no entities (see lockRecipe): the delete says whether it was saved.
      const unsaved = (await tx.nativeDelete(Save, { user: known.userId, recipe: recipeId })) > 0;
      if (!unsaved) {
        await tx.insert(Save, { user: known.userId, recipe: recipeId, createdAt: new Date() });
      }
      await refreshRecipeCounters(tx, [recipeId]);
      return {
        status: unsaved ? ('recipe unsaved' as const) : ('recipe saved' as const),
        is_saved_by_user: !unsaved,
        saved_by_count: await recipeCounter(tx, recipeId, 'save_count'),
      };
    }),
  );
  // Only this member's "saved recipes" lists change: every other list and search keeps its entry.
  invalidateRecipeCaches(deps.orm, saveToggledTags(known.userId));
  return result;
}
