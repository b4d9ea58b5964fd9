import { Avatar } from '@recipehub/ui/avatar';
import { Button } from '@recipehub/ui/button';
import { formatDateTime } from '@recipehub/ui/format';
import { ReviewForm, type ReviewValues } from '@recipehub/ui/review-form';
import { StarRatingDisplay } from '@recipehub/ui/star-rating';
import type { ReactNode } from 'react';
import { personName, type Review } from './types';

export type ReviewItemProps = {
  review: Review;
  /** Offer Edit and Delete (an Admin, for another user's review). */
  manageable: boolean;
  /** Show the review in its form instead of as text. */
  editing: boolean;
  updating: boolean;
  onUpdate(values: ReviewValues): void;
  onEdit(): void;
  onCancel(): void;
  onDelete(): void;
  /** More actions, shown to anyone who may use them (the app's "Report"). */
  actions?: ReactNode;
};

/** One review in the list: its author, time, stars and text, or its form while edited. */
export function ReviewItem({
  review,
  manageable,
  editing,
  updating,
  onUpdate,
  onEdit,
  onCancel,
  onDelete,
  actions,
}: ReviewItemProps) {
  const name = personName(review.reviewer);
  return editing ? (
    <ReviewForm
      stored={{ rating: review.rating, body: review.body ?? '' }}
      pending={updating}
      onSubmit={onUpdate}
      onCancel={onCancel}
      onDelete={onDelete}
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
      {actions}
      {manageable && (
        <div className="recipe-review__actions">
          <Button variant="secondary" size="sm" onClick={onEdit}>
            Edit
          </Button>
          <Button variant="danger" size="sm" onClick={onDelete}>
            Delete
          </Button>
        </div>
      )}
    </>
  );
}
