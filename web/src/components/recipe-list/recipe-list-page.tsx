import type { ReactNode } from 'react';
import { Pagination } from '@recipehub/ui/pagination';
import { recipePageCount } from '@recipehub/openapi/limits';

type RecipeListPageProps = {
  /** The list answer's total, which sets the number of pages (spec §9: 10 per page). */
  count: number;
  page: number;
  onPageChange(page: number): void;
  /** The pagination's accessible name. */
  label: string;
  /** The page's cards, in the list's own markup. */
  children: ReactNode;
};

/** One page of a recipe list and the pagination under it (home, dashboard). */
export function RecipeListPage({
  count,
  page,
  onPageChange,
  label,
  children,
}: RecipeListPageProps) {
  return (
    <>
      {children}
      <Pagination
        label={label}
        page={page}
        totalPages={recipePageCount(count)}
        onPageChange={onPageChange}
      />
    </>
  );
}
