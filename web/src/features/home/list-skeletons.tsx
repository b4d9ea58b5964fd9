import { RecipeCardSkeleton, Skeleton } from '@recipehub/ui/spinner';
import './home.css';

/** Placeholder cards the size of real ones, while recipes (or the list's code) load. */
export function RecipeGridSkeleton({ cards = 6 }: { cards?: number }) {
  return (
    <div className="home-grid" role="status" aria-busy="true" aria-label="Loading recipes">
      {Array.from({ length: cards }, (_, index) => (
        <RecipeCardSkeleton key={index} />
      ))}
    </div>
  );
}

/** The search box and category filter's place while their code loads. */
export function FiltersSkeleton() {
  return (
    <div className="home-filters home-filters--placeholder" aria-hidden>
      <Skeleton height="2.75rem" />
      <Skeleton height="5.5rem" />
    </div>
  );
}

/** The trending slider's exact footprint (title row and one row of cards) until it loads. */
export function TrendingSkeleton() {
  return (
    <div className="home-trending-skeleton" role="status" aria-label="Loading trending recipes">
      <Skeleton width="12rem" height="2.5rem" />
      <div className="home-trending-skeleton__row">
        <RecipeCardSkeleton />
        <RecipeCardSkeleton />
        <RecipeCardSkeleton />
      </div>
    </div>
  );
}
