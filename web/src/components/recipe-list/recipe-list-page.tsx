import type { ReactNode } from 'react';
import { Pagination } from '@recipehub/ui/pagination';
import { listPaging, type ListAnswer } from './list-paging';
import './recipe-list.css';

type RecipeListPageProps = {
  /**
   * The list answer: its count sets the number of pages (spec §9: 10 per page), except that an
   * estimated count offers only the pages known to exist and says "About N recipes".
   */
  answer: ListAnswer;
  page: number;
  onPageChange(page: number): void;
  /** The pagination's accessible name. */
  label: string;
  /** The page's cards, in the list's own markup. */
  children: ReactNode;
};

/** One page of a recipe list and the pagination under it (home, dashboard). */
export function RecipeListPage({
  answer,
  page,
  onPageChange,
  label,
  children,
}: RecipeListPageProps) {
  const paging = listPaging(answer, page);
  return (
    <>
      {children}
      {paging.estimateText && <p className="recipe-list-estimate">{paging.estimateText}</p>}
      <Pagination
        label={label}
        page={page}
        totalPages={paging.totalPages}
        lastPageKnown={paging.lastPageKnown}
        onPageChange={onPageChange}
      />
    </>
  );
}
