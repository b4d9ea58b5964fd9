import { useState } from 'react';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { errorStatus, firstFieldError, serverMessage } from '../../lib/trpc-errors';
import type { Review } from './types';

const SUBMIT_FAILED = 'Failed to submit review.';
const DELETE_FAILED = 'Failed to delete review.';

/** Spec §8: on a 400 the toast shows the body, rating or detail error. */
function submitFailure(error: unknown): string {
  if (errorStatus(error) !== 400) return SUBMIT_FAILED;
  return (
    firstFieldError(error, 'body') ??
    firstFieldError(error, 'rating') ??
    firstFieldError(error, 'recipe') ??
    serverMessage(error) ??
    SUBMIT_FAILED
  );
}

/**
 * A recipe's review writes and the state they change: which review is edited or about to be
 * deleted, and the own review form's message; each success refreshes the reviews and the recipe
 * (its average rating and review count).
 */
export function useReviewWrites(recipeId: number) {
  const utils = trpc.useUtils();
  const [editingId, setEditingId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Review | null>(null);
  const [formError, setFormError] = useState<string>();

  const refresh = () => {
    void utils.reviews.list.invalidate({ recipe: recipeId });
    // The recipe carries the average rating and review count.
    void utils.recipes.get.invalidate({ id: recipeId });
  };
  const onFailure = (error: unknown) => {
    const message = submitFailure(error);
    setFormError(message === SUBMIT_FAILED ? undefined : message);
    notify.error(message === SUBMIT_FAILED ? message : `${SUBMIT_FAILED} ${message}`);
  };
  const create = trpc.reviews.create.useMutation({
    onSuccess() {
      setFormError(undefined);
      notify.success('Review submitted successfully!');
      refresh();
    },
    onError: onFailure,
  });
  const update = trpc.reviews.update.useMutation({
    onSuccess() {
      setFormError(undefined);
      setEditingId(null);
      notify.success('Review updated successfully!');
      refresh();
    },
    onError: onFailure,
  });
  const remove = trpc.reviews.delete.useMutation({
    onSuccess() {
      setDeleting(null);
      setEditingId(null);
      notify.success('Review deleted successfully!');
      refresh();
    },
    onError() {
      notify.error(DELETE_FAILED);
    },
  });

  return {
    editingId,
    setEditingId,
    deleting,
    setDeleting,
    formError,
    setFormError,
    create,
    update,
    remove,
  };
}
