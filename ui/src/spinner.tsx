import type { ComponentProps, CSSProperties } from 'react';
import { LoaderCircleIcon } from './inline-icons';
import './spinner.css';

export type SpinnerProps = { label?: string; size?: number };

/** A loading indicator announced politely to screen readers. */
export function Spinner({ label = 'Loading…', size = 24 }: SpinnerProps) {
  return (
    <span role="status" style={{ display: 'inline-flex', alignItems: 'center' }}>
      <LoaderCircleIcon className="rh-spinner" size={size} />
      <span className="rh-visually-hidden">{label}</span>
    </span>
  );
}

export type SkeletonProps = ComponentProps<'span'> & {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
};

export function Skeleton({
  width = '100%',
  height = '1rem',
  style,
  className,
  ...props
}: SkeletonProps) {
  return (
    <span
      aria-hidden
      className={['rh-skeleton', className].filter(Boolean).join(' ')}
      style={{ width, height, ...style }}
      {...props}
    />
  );
}

/** The placeholder shape of a RecipeCard while recipes load. */
export function RecipeCardSkeleton() {
  return (
    <div className="rh-skeleton-card" aria-hidden>
      <Skeleton height={180} />
      <Skeleton width="70%" height="1.25rem" />
      <Skeleton width="50%" />
      <Skeleton width="40%" />
      <Skeleton width="9rem" height="2.5rem" />
    </div>
  );
}
