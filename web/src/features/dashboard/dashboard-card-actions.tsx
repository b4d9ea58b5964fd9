import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@recipehub/ui/button';
import { ConfirmDialog } from '@recipehub/ui/dialog';
import { VisuallyHidden } from '@recipehub/ui/visually-hidden';
import { notify } from '../../lib/notify';
import { paths } from '../../lib/paths';
import { trpc } from '../../lib/trpc';
import { errorStatus } from '../../lib/trpc-errors';
import { DashboardRecipeCard } from './dashboard-recipe-card';
import type { DashboardRecipe } from './types';

/*
 * The edit dialog's code (the recipe form, its zod schemas, the file field: about half of what
 * the page's first render downloaded) loads on the first Edit click, as on the recipe page, so
 * the list paints sooner (bench:web's dashboard).
 */
const EditRecipeDialog = lazy(() =>
  import('../../components/recipe-form/edit-recipe-dialog').then((module) => ({
    default: module.EditRecipeDialog,
  })),
);

/** Edit (modal) and Delete (confirmed), for recipes the server marks can_edit. */
type CardProps = { recipe: DashboardRecipe; priority: boolean };

export function MyRecipeCard({ recipe, priority }: CardProps) {
  const utils = trpc.useUtils();
  const [editing, setEditing] = useState(false);
  const [editLoaded, setEditLoaded] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = trpc.recipes.delete.useMutation({
    onSuccess() {
      notify.success('Recipe deleted successfully!');
      setConfirming(false);
      utils.recipes.get.setData({ id: recipe.id }, undefined);
      void utils.recipes.list.invalidate();
      void utils.recipes.trending.invalidate();
    },
    onError(error) {
      setConfirming(false);
      notify.error(
        errorStatus(error) === 403
          ? 'You do not have permission to delete this recipe.'
          : 'Failed to delete recipe.',
      );
    },
  });

  return (
    <DashboardRecipeCard
      recipe={recipe}
      priority={priority}
      actions={
        <>
          <Button asChild variant="secondary" size="sm">
            <Link to={paths.recipe(recipe.id)}>
              View<VisuallyHidden>: {recipe.title}</VisuallyHidden>
            </Link>
          </Button>
          {recipe.can_edit && (
            <>
              <Button
                size="sm"
                onClick={() => {
                  setEditLoaded(true);
                  setEditing(true);
                }}
              >
                Edit<VisuallyHidden>: {recipe.title}</VisuallyHidden>
              </Button>
              <Button variant="danger" size="sm" onClick={() => setConfirming(true)}>
                Delete<VisuallyHidden>: {recipe.title}</VisuallyHidden>
              </Button>
              {editLoaded && (
                <Suspense fallback={null}>
                  <EditRecipeDialog
                    recipe={recipe}
                    open={editing}
                    onOpenChange={setEditing}
                    successMessage="Recipe Updated Successfully!"
                  />
                </Suspense>
              )}
              <ConfirmDialog
                open={confirming}
                onOpenChange={setConfirming}
                title="Delete this recipe?"
                description={`"${recipe.title}" will be deleted for good.`}
                confirmLabel="Delete"
                pending={remove.isPending}
                onConfirm={() => remove.mutate({ id: recipe.id })}
              />
            </>
          )}
        </>
      }
    />
  );
}

/** View and Remove (toggles the save off). */
export function SavedRecipeCard({ recipe, priority }: CardProps) {
  const utils = trpc.useUtils();
  const unsave = trpc.recipes.save.useMutation({
    onSuccess() {
      notify.success('Recipe removed from saved list!');
      void utils.recipes.list.invalidate();
      void utils.recipes.get.invalidate({ id: recipe.id });
    },
    onError: () => notify.error('Failed to save recipe.'),
  });
  return (
    <DashboardRecipeCard
      recipe={recipe}
      priority={priority}
      actions={
        <>
          {/* The spec's /recipe/{id} is a dead link; the detail page is /recipes/{id}. */}
          <Button asChild size="sm">
            <Link to={paths.recipe(recipe.id)}>
              View<VisuallyHidden>: {recipe.title}</VisuallyHidden>
            </Link>
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={unsave.isPending}
            onClick={() => unsave.mutate({ id: recipe.id })}
          >
            Remove<VisuallyHidden>: {recipe.title}</VisuallyHidden>
          </Button>
        </>
      }
    />
  );
}
