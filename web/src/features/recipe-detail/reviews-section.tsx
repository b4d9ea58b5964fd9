import { useEffect, useState } from 'react';
import { Avatar } from '@recipehub/ui/avatar';
import { Button } from '@recipehub/ui/button';
import { ConfirmDialog } from '@recipehub/ui/dialog';
import { EmptyState } from '@recipehub/ui/empty-state';
import { formatDateTime } from '@recipehub/ui/format';
import { ReviewForm, type ReviewValues } from '@recipehub/ui/review-form';
import { Spinner } from '@recipehub/ui/spinner';
import { StarRatingDisplay } from '@recipehub/ui/star-rating';
import { useAuth } from '../../lib/auth-context';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { errorStatus, firstFieldError, serverMessage } from '../../lib/trpc-errors';
import { personName, type Review } from './types';
import { useLoginRequired } from './use-login-required';

const REVIEWS_FAILED = 'Failed to load reviews.';
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
 * The review form (create, or edit/delete one's own) and the review list. The server tells who
 * may manage a review: it sends the reviewer's email only to the reviewer and to Admins.
 */
export function ReviewsSection({ recipeId }: { recipeId: number }) {
  const { user } = useAuth();
  const utils = trpc.useUtils();
  const loginRequired = useLoginRequired();
  const reviews = trpc.reviews.list.useQuery({ recipe: recipeId });
  const [editingId, setEditingId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Review | null>(null);
  const [formError, setFormError] = useState<string>();

  useEffect(() => {
    if (reviews.isError) notify.error(REVIEWS_FAILED);
  }, [reviews.isError]);

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

  const email = user?.email.toLowerCase();
  const mine = reviews.data?.find((review) => email && review.reviewer.email === email);
  const pending = create.isPending || update.isPending;
  const submitOwn = (values: ReviewValues) => {
    if (!loginRequired('Please log in to review recipes.')) return;
    const body = values.body.trim() || null;
    if (mine) update.mutate({ id: mine.id, review: { rating: values.rating, body } });
    else create.mutate({ recipe: recipeId, rating: values.rating, body });
  };

  let list;
  if (reviews.isPending) list = <Spinner label="Loading reviews…" />;
  else if (reviews.isError) list = <EmptyState title={REVIEWS_FAILED} />;
  else if (reviews.data.length === 0) list = <EmptyState title="No reviews yet." />;
  else {
    list = (
      <ul className="recipe-reviews" aria-label="Reviews">
        {reviews.data.map((review) => {
          const name = personName(review.reviewer);
          // Another user's review an Admin may manage; one's own is edited in the form above.
          const manageable = review.reviewer.email !== undefined && review !== mine;
          return (
            <li key={review.id} className="recipe-review">
              {editingId === review.id ? (
                <ReviewForm
                  stored={{ rating: review.rating, body: review.body ?? '' }}
                  pending={update.isPending}
                  onSubmit={(values) =>
                    update.mutate({
                      id: review.id,
                      review: { rating: values.rating, body: values.body.trim() || null },
                    })
                  }
                  onCancel={() => setEditingId(null)}
                  onDelete={() => setDeleting(review)}
                />
              ) : (
                <>
                  <div className="recipe-review__header">
                    <Avatar name={name} size={36} />
                    <div>
                      <p className="recipe-review__author">{name}</p>
                      <time className="recipe-review__time" dateTime={review.created}>
                        {formatDateTime(review.created)}
                      </time>
                    </div>
                    <StarRatingDisplay value={review.rating} />
                  </div>
                  {review.body && <p className="recipe-review__body">{review.body}</p>}
                  {manageable && (
                    <div className="recipe-review__actions">
                      <Button variant="secondary" size="sm" onClick={() => setEditingId(review.id)}>
                        Edit
                      </Button>
                      <Button variant="danger" size="sm" onClick={() => setDeleting(review)}>
                        Delete
                      </Button>
                    </div>
                  )}
                </>
              )}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section className="recipe-section" aria-labelledby="recipe-reviews-title">
      <h2 id="recipe-reviews-title" className="recipe-section__title">
        Reviews
      </h2>
      <div className="recipe-review-form">
        <h3 className="recipe-section__subtitle">{mine ? 'Your review' : 'Write a review'}</h3>
        <ReviewForm
          // A new stored review (created, deleted) starts the form afresh.
          key={mine ? `${mine.id}-${mine.rating}-${mine.body ?? ''}` : 'new'}
          stored={mine ? { rating: mine.rating, body: mine.body ?? '' } : undefined}
          pending={pending}
          error={formError}
          onSubmit={submitOwn}
          onCancel={() => setFormError(undefined)}
          onDelete={mine ? () => setDeleting(mine) : undefined}
        />
      </div>
      {list}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete this review?"
        description="The review and its rating are removed for good."
        confirmLabel="Delete Review"
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      />
    </section>
  );
}
