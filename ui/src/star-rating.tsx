import { Star } from 'lucide-react';
import { useId } from 'react';
import './star-rating.css';

/** Spec: ratings run from 1 to 5 and default to 5. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const RATING_DEFAULT = 5;

const STARS = [1, 2, 3, 4, 5] as const;

export type StarRatingInputProps = {
  /** 0 means no rating chosen yet. */
  value: number;
  onValueChange: (value: number) => void;
  legend?: string;
  name?: string;
  disabled?: boolean;
  /** id of an error message, linked to the group. */
  errorId?: string;
};

/** Five radio buttons: arrow keys move between stars, as with any radio group. */
export function StarRatingInput({
  value,
  onValueChange,
  legend = 'Rating',
  name,
  disabled,
  errorId,
}: StarRatingInputProps) {
  const generated = useId();
  const groupName = name ?? generated;
  return (
    <fieldset
      className="rh-stars"
      style={{ display: 'grid' }}
      disabled={disabled}
      aria-describedby={errorId}
      aria-invalid={errorId ? true : undefined}
    >
      <legend className="rh-stars__legend">{legend}</legend>
      <div className="rh-stars__options">
        {STARS.map((star) => (
          <label key={star} className="rh-stars__option" data-state={star <= value ? 'on' : 'off'}>
            <input
              type="radio"
              name={groupName}
              value={star}
              checked={value === star}
              onChange={() => onValueChange(star)}
              aria-label={`${star} star${star === 1 ? '' : 's'}`}
            />
            <Star size={22} aria-hidden />
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export type StarRatingDisplayProps = { value: number; size?: number };

/** A read-only rating, announced as "Rated 4 out of 5". */
export function StarRatingDisplay({ value, size = 16 }: StarRatingDisplayProps) {
  const rounded = Math.round(value);
  return (
    <span className="rh-stars rh-stars--display" role="img" aria-label={`Rated ${value} out of 5`}>
      {STARS.map((star) => (
        <Star key={star} size={size} aria-hidden data-state={star <= rounded ? 'on' : 'off'} />
      ))}
    </span>
  );
}
