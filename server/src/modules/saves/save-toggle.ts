import { memberAccess } from '../../auth/access.js';
import { defineUseCase } from '../../auth/use-case.js';
import { idSchema } from '@recipehub/openapi/schemas/fields';
import { z } from 'zod';
import { lockRecipe, recipeCounter } from '../recipes/data/recipe-lookups.js';
import { refreshRecipeCounters } from '../recipes/data/recipe.repository.js';
import { parseIdText } from '../shared/sql.js';
import { retryOnConflict } from '../shared/retry.js';
import { Save } from './save.entity.js';

export interface SaveToggleData {
  status: 'recipe saved' | 'recipe unsaved';
  is_saved_by_user: boolean;
  saved_by_count: number;
}

/** Saves the recipe for the caller, or unsaves it when already saved (tRPC's `recipes.save`). */
export const toggleSave = defineUseCase({
  access: memberAccess(['input', 'login']),
  input: z.object({ id: idSchema('Id') }),
  rest: {
    method: 'POST',
    path: '/api/recipes/lists/:id/save/',
    read: (request) => ({ id: parseIdText(request.params.id, 'id', 'Recipe id') }),
  },
  trpc: { kind: 'mutation' },
  async handle(deps, known, { id: recipeId }): Promise<SaveToggleData> {
    return retryOnConflict(() =>
      deps.orm.em.fork().transactional(async (tx) => {
        await lockRecipe(deps.database, tx, recipeId);
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
  },
});

export const SAVE_USE_CASES = { save: toggleSave };
