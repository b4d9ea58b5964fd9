import { lazy, Suspense, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { recipePageCount } from '@recipehub/openapi/limits';
import { Button } from '@recipehub/ui/button';
import { ConfirmDialog } from '@recipehub/ui/dialog';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { errorStatus } from '../../lib/trpc-errors';
import { homeAfterDelete } from './recipe-text';
import type { RecipeDetail } from './types';

// Only owners and Admins ever open it: its form code loads on the first click.
const EditRecipeDialog = lazy(() =>
  import('../../components/recipe-form/edit-recipe-dialog').then((module) => ({
    default: module.EditRecipeDialog,
  })),
);

/** Edit Recipe and Delete Recipe (with a confirm modal) for the owner or an Admin (spec §2, §4). */
export function OwnerActions({ recipe }: { recipe: RecipeDetail }) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const [editing, setEditing] = useState(false);
  const [editLoaded, setEditLoaded] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const remove = trpc.recipes.delete.useMutation({
    async onSuccess() {
      notify.success('Recipe deleted successfully!');
      setConfirming(false);
      // Stale everywhere, but not refetched here: this page is about to go.
      await Promise.all([
        utils.recipes.get.invalidate({ id: recipe.id }, { refetchType: 'none' }),
        utils.recipes.list.invalidate(),
        utils.recipes.trending.invalidate(),
      ]);
      // Back to the list the user came from, limited to its last page after the deletion.
      const categories = query.get('categories');
      const search = query.get('search');
      const fromPage = Number(query.get('fromPage')) || 1;
      let lastPage = fromPage;
      try {
        const page = await utils.recipes.list.fetch({
          page: 1,
          categories: categories ?? '',
          search: search ?? '',
        });
        lastPage = recipePageCount(page.count);
      } catch {
        // The list page itself copes with a page beyond the last.
      }
      void navigate(homeAfterDelete(fromPage, lastPage, categories, search));
    },
    onError(error) {
      notify.error(
        errorStatus(error) === 403
          ? 'You do not have permission to delete this recipe.'
          : 'Failed to delete recipe.',
      );
    },
  });

  return (
    <div className="recipe-owner-actions">
      <Button
        variant="secondary"
        onClick={() => {
          setEditLoaded(true);
          setEditing(true);
        }}
      >
        Edit Recipe
      </Button>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        Delete Recipe
      </Button>
      {editLoaded && (
        <Suspense fallback={null}>
          <EditRecipeDialog recipe={recipe} open={editing} onOpenChange={setEditing} />
        </Suspense>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this recipe?"
        description={`"${recipe.title}" and its reactions, comments and reviews are removed for good.`}
        confirmLabel="Delete Recipe"
        pending={remove.isPending}
        onConfirm={() => remove.mutate({ id: recipe.id })}
      />
    </div>
  );
}
