import type { RouterInputs, RouterOutputs } from '../../lib/router-types';
import { useState } from 'react';
import { ImportLinkForm, type ImportLinkState } from '@recipehub/ui/import-link-form';
import { trpc } from '../../lib/trpc';
import { errorStatus, firstFieldError } from '../../lib/trpc-errors';

export type RecipeDraft = RouterOutputs['recipeImport']['fromUrl'];
/** The draft as the add-recipe form's values (what recipes.create takes). */
export type DraftValues = Partial<RouterInputs['recipes']['create']>;

export const NO_RECIPE = 'No recipe was found on that page.';

export function draftValues(draft: RecipeDraft): DraftValues {
  return {
    title: draft.title,
    ingredients: draft.ingredients,
    instructions: draft.instructions,
    img: draft.img,
    servings: draft.servings,
    source_url: draft.source_url,
    category_ids: draft.category,
  };
}

/** What the import form says for a failed import. */
function failure(error: unknown): ImportLinkState {
  const status = errorStatus(error);
  const reason = firstFieldError(error, 'url');
  if (status === 400 && reason) {
    return { status: reason === NO_RECIPE ? 'no-recipe' : 'refused', message: reason };
  }
  if (status === 429) {
    return {
      status: 'refused',
      message: 'You have imported many recipes in a short time. Please try again in a few minutes.',
    };
  }
  if (status === 0) {
    return {
      status: 'refused',
      message: 'No response from the server. Please check your connection.',
    };
  }
  return { status: 'refused', message: 'The recipe could not be imported. Please try again.' };
}

/**
 * Import from a link (issue 16): the server reads the recipe on a page into a draft, which
 * `onDraft` puts into the add-recipe form for the member to review and save. Nothing is saved
 * here. The add-recipe page gets this through the app (app/routes/add-recipe.tsx), so neither
 * feature imports the other.
 */
export function ImportFromLink({ onDraft }: { onDraft(values: DraftValues): void }) {
  const [state, setState] = useState<ImportLinkState>({ status: 'idle' });
  const importRecipe = trpc.recipeImport.fromUrl.useMutation({
    onMutate: () => setState({ status: 'loading' }),
    onSuccess(draft) {
      setState({ status: 'success', title: draft.title });
      onDraft(draftValues(draft));
    },
    onError: (error) => setState(failure(error)),
  });
  return <ImportLinkForm state={state} onImport={(url) => importRecipe.mutate({ url })} />;
}
