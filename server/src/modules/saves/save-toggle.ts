import { LockMode, type EntityManager } from '@mikro-orm/core';
import { requireViewer, type Viewer } from '../accounts/viewer.js';
import { saveToggledTags } from '../recipes/recipe-cache-tags.js';
import { invalidateRecipeCaches } from '../recipes/recipe-count-cache.js';
import { RECIPE_NOT_FOUND } from '../recipes/recipe-write.js';
import { Recipe } from '../recipes/recipe.entity.js';
import { refreshRecipeCounters } from '../recipes/recipe.repository.js';
import type { ServiceDeps } from '../service-deps.js';
import { retryOnConflict } from '../shared/retry.js';
import { notFound } from '../shared/sql.js';
import { User } from '../users/user.entity.js';
import { Save } from './save.entity.js';

export interface SaveToggleData {
  status: 'recipe saved' | 'recipe unsaved';
  is_saved_by_user: boolean;
  saved_by_count: number;
}

/**
 * The recipe, or 404 (shared by the toggles, comments and reviews). Inside a write transaction
 * pass `lock`: the recipe row is locked first (SELECT ... FOR UPDATE on MySQL; SQLite has one
 * writer anyway), so writes on one recipe run one after the other and each recomputes its
 * counters from rows the previous one committed, never from an older snapshot.
 */
export async function requireRecipe(
  em: EntityManager,
  id: number,
  { lock = false }: { lock?: boolean } = {},
): Promise<Recipe> {
  const recipe = await em.findOne(Recipe, id, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
  if (!recipe) throw notFound(RECIPE_NOT_FOUND);
  return recipe;
}

/** Saves the recipe for the caller, or unsaves it when already saved. */
export async function toggleSave(
  deps: ServiceDeps,
  viewer: Viewer | null,
  recipeId: number,
): Promise<SaveToggleData> {
  const known = requireViewer(viewer);
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
