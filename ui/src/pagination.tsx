import type { ReactNode } from 'react';
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { paginationItems } from './pagination-items';
import { VisuallyHidden } from './visually-hidden';
import './pagination.css';

export { paginationItems } from './pagination-items';

export type PaginationProps = {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  label?: string;
  /**
   * False when more pages may follow `totalPages`, the pages known to exist (a list whose total
   * is an estimate): a trailing ellipsis says so and there is no Last page button, so no page
   * is offered that may not exist.
   */
  lastPageKnown?: boolean;
};

/** One of the first, previous, next and last buttons, as a list item. */
function StepButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <li>
      <button
        type="button"
        className="rh-pagination__button"
        aria-label={label}
        disabled={disabled}
        onClick={onClick}
      >
        {children}
      </button>
    </li>
  );
}

/** First, previous, numbered pages with ellipses, next and last. Renders nothing for one page. */
export function Pagination({
  page,
  totalPages,
  onPageChange,
  label = 'Pagination',
  lastPageKnown = true,
}: PaginationProps) {
  const items = paginationItems(page, totalPages);
  if (items.length === 0) return null;
  const atStart = page <= 1;
  const atEnd = page >= totalPages;
  return (
    <nav aria-label={label} className="rh-pagination">
      <ul className="rh-pagination__list">
        <StepButton label="First page" disabled={atStart} onClick={() => onPageChange(1)}>
          <ChevronsLeft size={18} aria-hidden />
        </StepButton>
        <StepButton label="Previous page" disabled={atStart} onClick={() => onPageChange(page - 1)}>
          <ChevronLeft size={18} aria-hidden />
        </StepButton>
        {items.map((item) =>
          item.type === 'ellipsis' ? (
            <li key={item.key} className="rh-pagination__ellipsis" aria-hidden>
              …
            </li>
          ) : (
            <li key={item.page}>
              <button
                type="button"
                className="rh-pagination__button"
                aria-label={`Page ${item.page}`}
                aria-current={item.page === page ? 'page' : undefined}
                onClick={() => onPageChange(item.page)}
              >
                {item.page}
              </button>
            </li>
          ),
        )}
        {!lastPageKnown && (
          <li className="rh-pagination__ellipsis">
            <span aria-hidden>…</span>
            <VisuallyHidden>More pages may follow</VisuallyHidden>
          </li>
        )}
        <StepButton label="Next page" disabled={atEnd} onClick={() => onPageChange(page + 1)}>
          <ChevronRight size={18} aria-hidden />
        </StepButton>
        {lastPageKnown && (
          <StepButton label="Last page" disabled={atEnd} onClick={() => onPageChange(totalPages)}>
            <ChevronsRight size={18} aria-hidden />
          </StepButton>
        )}
      </ul>
    </nav>
  );
}
