import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../lib/notify';
import { usePageMeta } from '../../lib/page-meta';
import { trpc } from '../../lib/trpc';
import { errorStatus, fieldErrors, joinedFieldErrors } from '../../lib/trpc-errors';
import { RecipeForm } from '../../components/recipe-form/recipe-form';
import {
  recipeServerErrors,
  type RecipeFormErrors,
  type RecipeFormValues,
} from '../../components/recipe-form/recipe-form-rules';
import { paths } from '../../lib/paths';

export type AddRecipePageProps = {
  /**
   * Something above the form that can fill it (the app passes "Import from a link", issue 16):
   * given `fill`, which replaces the form's values with a draft for the member to review.
   */
  renderImport?: (fill: (draft: Partial<RecipeFormValues>) => void) => ReactNode;
};

/** /dashboard/add-recipe/: a new recipe, then its page (spec §2, §5, §8). */
export function AddRecipePage({ renderImport }: AddRecipePageProps) {
  usePageMeta('Add a recipe', 'Share a new recipe with the RecipeHub community.');
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [serverErrors, setServerErrors] = useState<RecipeFormErrors>();
  // A draft starts the form afresh (a new key remounts it with the draft as its values).
  const [draft, setDraft] = useState<{ values: Partial<RecipeFormValues>; version: number }>({
    values: {},
    version: 0,
  });
  const fill = (values: Partial<RecipeFormValues>) => {
    setServerErrors(undefined);
    setDraft((current) => ({ values, version: current.version + 1 }));
  };
  const create = trpc.recipes.create.useMutation({
    onSuccess(recipe) {
      utils.recipes.get.setData({ id: recipe.id }, recipe);
      void utils.recipes.list.invalidate();
      notify.success('Recipe created successfully!');
      void navigate(paths.recipe(recipe.id));
    },
    onError(error) {
      const status = errorStatus(error);
      if (status === 400) {
        setServerErrors(recipeServerErrors(fieldErrors(error)));
        notify.error(`Failed to create recipe: ${joinedFieldErrors(error)}`);
      } else if (status === 401) {
        // The session link already cleared a stale token; a missing one lands here too.
        notify.error('Please log in to create a recipe.');
        void navigate(paths.login, { replace: true });
      } else if (status === 0) {
        notify.error('No response from the server. Please check your connection.');
      } else {
        notify.error('Failed to create recipe.');
      }
    },
  });

  return (
    <main className="page page--narrow">
      <h1 className="page__title">Add a recipe</h1>
      {renderImport && <div className="add-recipe__import">{renderImport(fill)}</div>}
      <RecipeForm
        key={draft.version}
        initial={draft.values}
        idPrefix="add-recipe"
        submitLabel="Add recipe"
        pending={create.isPending}
        serverErrors={serverErrors}
        onSubmit={(values) => create.mutate(values)}
      />
    </main>
  );
}
