import { memberAccess, requireAccess } from '../shared/access.js';
import { type Viewer } from '../accounts/viewer.js';
import { saveToggledTags } from '../recipes/recipe-cache-tags.js';
import { invalidateRecipeCaches } from '../recipes/recipe-count-cache.js';
import { requireRecipe } from '../recipes/data/recipe-lookups.js';
import { refreshRecipeCounters } from '../recipes/data/recipe.repository.js';
import type { ServiceDeps } from '../service-deps.js';
import { retryOnConflict } from '../shared/retry.js';
import { User } from '../users/user.entity.js';
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
      const recipe = await requireRecipe(tx, recipeId, { lock: true });
      const existing = await tx.findOne(Save, { user: known.userId, recipe: recipeId });
      if (existing) tx.remove(existing);
      else tx.create(Save, { user: tx.getReference(User, known.userId), recipe });
      await tx.flush();
      await refreshRecipeCounters(tx, [recipeId]);
      await tx.refresh(recipe);
      return {
        status: existing ? ('recipe unsaved' as const) : ('recipe saved' as const),
        is_saved_by_user: !existing,
        saved_by_count: recipe.saveCount,
      };
    }),
  );
  // Only this member's "saved recipes" lists change: every other list and search keeps its entry.
  invalidateRecipeCaches(deps.orm, saveToggledTags(known.userId));
  return result;
}
