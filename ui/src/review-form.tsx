import { useId, useState, type FormEvent } from 'react';
import { Button } from './button';
import { RATING_DEFAULT, RATING_MAX, RATING_MIN, StarRatingInput } from './star-rating';
import { TextArea } from './text-field';
import './review-form.css';

export const RATING_ERROR = 'Please select a rating between 1 and 5 stars.';

export type ReviewValues = { rating: number; body: string };

export type ReviewFormProps = {
  /** The stored review; absent when the user has not reviewed yet (rating defaults to 5). */
  stored?: ReviewValues;
  onSubmit: (values: ReviewValues) => void;
  /** Shown for an existing review the user may delete. */
  onDelete?: () => void;
  onCancel?: () => void;
  pending?: boolean;
  /** A server-side error (e.g. "Failed to submit review."). */
  error?: string;
};

export function ReviewForm({
  stored,
  onSubmit,
  onDelete,
  onCancel,
  pending = false,
  error,
}: ReviewFormProps) {
  const initial = stored ?? { rating: RATING_DEFAULT, body: '' };
  const [rating, setRating] = useState(initial.rating);
  const [body, setBody] = useState(initial.body);
  const [ratingError, setRatingError] = useState<string | undefined>();
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!Number.isInteger(rating) || rating < RATING_MIN || rating > RATING_MAX) {
      setRatingError(RATING_ERROR);
      return;
    }
    setRatingError(undefined);
    onSubmit({ rating, body });
  };

  return (
    <form className="rh-review-form" onSubmit={submit} noValidate aria-label="Review">
      <StarRatingInput
        legend="Your rating"
        value={rating}
        onValueChange={(value) => {
          setRating(value);
          setRatingError(undefined);
        }}
        disabled={pending}
        errorId={ratingError ? errorId : undefined}
      />
      {ratingError && (
        <p id={errorId} className="rh-review-form__error" role="alert">
          {ratingError}
        </p>
      )}
      <TextArea
        label="Your review (optional)"
        value={body}
        onChange={(event) => setBody(event.target.value)}
        disabled={pending}
        error={error}
      />
      <div className="rh-review-form__actions">
        <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
          {stored ? 'Update Review' : 'Submit Review'}
        </Button>
        <Button
          variant="secondary"
          disabled={pending}
          onClick={() => {
            // Cancel restores the stored values.
            setRating(initial.rating);
            setBody(initial.body);
            setRatingError(undefined);
            onCancel?.();
          }}
        >
          Cancel
        </Button>
        {stored && onDelete && (
          <Button variant="danger" disabled={pending} onClick={onDelete}>
            Delete Review
          </Button>
        )}
      </div>
    </form>
  );
}
