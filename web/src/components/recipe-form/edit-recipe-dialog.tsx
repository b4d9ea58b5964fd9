import type { RouterOutputs } from '../../lib/router-types';
import { useState } from 'react';
import { Button } from '@recipehub/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '@recipehub/ui/dialog';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { errorStatus, fieldErrors, firstFieldError } from '../../lib/trpc-errors';
import { RecipeForm } from './recipe-form';
import { recipeServerErrors, type RecipeFormErrors } from './recipe-form-rules';

export type RecipeOutput = RouterOutputs['recipes']['get'];

export type EditRecipeDialogProps = {
  recipe: RecipeOutput;
  open: boolean;
  onOpenChange(open: boolean): void;
  onSaved?(recipe: RecipeOutput): void;
  /**
   * The spec lists two texts for a saved edit; the recipe page says "Recipe updated
   * successfully!" and the dashboard's My tab "Recipe Updated Successfully!".
   */
  successMessage?: string;
};

/**
 * Recipes whose image is served by this site carry a path (/media/...), but the form and the
 * server accept only absolute http(s) URLs: the path becomes the same image's full URL.
 */
function absoluteImage(img: string | null): string {
  if (!img) return '';
  return img.startsWith('/') ? new URL(img, window.location.origin).href : img;
}

/**
 * recipes.update with the spec's toasts: on success the caches learn the saved recipe and
 * `onDone` runs; a 400 leaves its field errors for the form to show.
 */
function useRecipeUpdate(successMessage: string, onDone: (saved: RecipeOutput) => void) {
  const utils = trpc.useUtils();
  const [serverErrors, setServerErrors] = useState<RecipeFormErrors>();
  const update = trpc.recipes.update.useMutation({
    onSuccess(saved) {
      utils.recipes.get.setData({ id: saved.id }, saved);
      void utils.recipes.list.invalidate();
      void utils.recipes.trending.invalidate();
      void utils.recipes.byUser.invalidate();
      notify.success(successMessage);
      setServerErrors(undefined);
      onDone(saved);
    },
    onError(error) {
      const status = errorStatus(error);
      if (status === 403) {
        notify.error('You do not have permission to update this recipe.');
        return;
      }
      if (status === 400) {
        // Spec §8: on 400 the toast shows the category_ids error.
        const categoryError = firstFieldError(error, 'category_ids');
        notify.error(
          categoryError ? `Failed to update recipe. ${categoryError}` : 'Failed to update recipe.',
        );
        setServerErrors(recipeServerErrors(fieldErrors(error)));
        return;
      }
      notify.error('Failed to update recipe.');
    },
  });

  return { update, serverErrors, setServerErrors };
}

/** Edit a recipe in a modal (spec §2: dashboard My tab and recipe detail). */
export function EditRecipeDialog({
  recipe,
  open,
  onOpenChange,
  onSaved,
  successMessage = 'Recipe updated successfully!',
}: EditRecipeDialogProps) {
  const { update, serverErrors, setServerErrors } = useRecipeUpdate(successMessage, (saved) => {
    onOpenChange(false);
    onSaved?.(saved);
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setServerErrors(undefined);
        onOpenChange(next);
      }}
    >
      <DialogContent size="wide">
        <DialogTitle>Edit recipe</DialogTitle>
        <DialogDescription>Change the recipe and save it.</DialogDescription>
        {open && (
          // Mounted only while open so each opening starts from the recipe's current values.
          <RecipeForm
            idPrefix={`edit-recipe-${recipe.id}`}
            initial={{
              title: recipe.title,
              ingredients: recipe.ingredients,
              instructions: recipe.instructions,
              // An uploaded photo is shown by the photo field; the URL field is for other images.
              img: recipe.photo ? '' : absoluteImage(recipe.img),
              servings: recipe.servings,
              source_url: recipe.source_url,
              category_ids: recipe.category,
            }}
            initialPhoto={recipe.photo}
            submitLabel="Save changes"
            pending={update.isPending}
            serverErrors={serverErrors}
            onSubmit={(values) => update.mutate({ id: recipe.id, recipe: values })}
            secondaryAction={
              <DialogClose asChild>
                <Button variant="secondary" disabled={update.isPending}>
                  Cancel
                </Button>
              </DialogClose>
            }
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
