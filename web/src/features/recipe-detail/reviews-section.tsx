import { useEffect } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ConfirmDialog } from '@recipehub/ui/dialog';
import { EmptyState } from '@recipehub/ui/empty-state';
import { ReviewForm, type ReviewValues } from '@recipehub/ui/review-form';
import { Spinner } from '@recipehub/ui/spinner';
import { useAuth } from '../../lib/auth-context';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import type { Review } from './types';
import { useLoginRequired } from './use-login-required';
import { ReportAction } from './report-action';
import { ReviewItem } from './review-item';
import { useReviewWrites } from './use-review-writes';

const REVIEWS_FAILED = 'Failed to load reviews.';

type ReviewListProps = {
  reviews: UseQueryResult<Review[], unknown>;
  /** The caller's own review, edited in the form above the list. */
  mine: Review | undefined;
  writes: ReturnType<typeof useReviewWrites>;
};

/** The recipe's reviews, each with its Admin actions, or why there are none to show. */
function ReviewList({ reviews, mine, writes }: ReviewListProps) {
  const { editingId, setEditingId, setDeleting, update } = writes;
  if (reviews.isPending) return <Spinner label="Loading reviews…" />;
  if (reviews.isError) return <EmptyState title={REVIEWS_FAILED} />;
  if (reviews.data.length === 0) return <EmptyState title="No reviews yet." />;
  return (
    <ul className="recipe-reviews" aria-label="Reviews">
      {reviews.data.map((review) => (
        <li key={review.id} className="recipe-review">
          <ReviewItem
            review={review}
            // Another user's review an Admin may manage; one's own is edited in the form above.
            manageable={review.reviewer.email !== undefined && review !== mine}
            editing={editingId === review.id}
            updating={update.isPending}
            onUpdate={(values) =>
              update.mutate({
                id: review.id,
                review: { rating: values.rating, body: values.body.trim() || null },
              })
            }
            onEdit={() => setEditingId(review.id)}
            onCancel={() => setEditingId(null)}
            onDelete={() => setDeleting(review)}
            actions={
              <ReportAction
                targetType="review"
                targetId={review.id}
                itemLabel="review"
                authorHandle={review.reviewer.handle}
              />
            }
          />
        </li>
      ))}
    </ul>
  );
}

/**
 * The review form (create, or edit/delete one's own) and the review list. The server tells who
 * may manage a review: it sends the reviewer's email only to the reviewer and to Admins.
 */
export function ReviewsSection({ recipeId }: { recipeId: number }) {
  const { user } = useAuth();
  const loginRequired = useLoginRequired();
  const reviews = trpc.reviews.list.useQuery({ recipe: recipeId });
  const writes = useReviewWrites(recipeId);
  const { deleting, setDeleting, formError, setFormError, create, update, remove } = writes;

  useEffect(() => {
    if (reviews.isError) notify.error(REVIEWS_FAILED);
  }, [reviews.isError]);

  const email = user?.email.toLowerCase();
  const mine = reviews.data?.find((review) => email && review.reviewer.email === email);
  const pending = create.isPending || update.isPending;
  const submitOwn = (values: ReviewValues) => {
    if (!loginRequired('Please log in to review recipes.')) return;
    const body = values.body.trim() || null;
    if (mine) update.mutate({ id: mine.id, review: { rating: values.rating, body } });
    else create.mutate({ recipe: recipeId, rating: values.rating, body });
  };

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
      <ReviewList reviews={reviews} mine={mine} writes={writes} />
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
