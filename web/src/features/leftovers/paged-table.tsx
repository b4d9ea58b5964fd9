import { useMemo, useState } from 'react';
import { Pagination } from '@recipehub/ui/pagination';
import { SearchBox } from '@recipehub/ui/search-box';
import { SelectField } from '@recipehub/ui/text-field';

/** Spec §9: the leftover data tables offer these page sizes; 10 is the default. */
export const PAGE_SIZES = [5, 10, 15, 20, 30] as const;
export const DEFAULT_PAGE_SIZE = 10;

export interface PagedRows<Row> {
  query: string;
  search(query: string): void;
  pageSize: number;
  changePageSize(size: number): void;
  page: number;
  totalPages: number;
  goToPage(page: number): void;
  /** The rows matching the search (all pages). */
  matching: Row[];
  /** The rows of the current page. */
  pageRows: Row[];
  /** Index of the current page's first row among the matching rows. */
  offset: number;
}

/**
 * Client-side search and pagination: the leftover list endpoints answer every row at once, so
 * filtering in the browser costs no extra call. Changing the search or the page size goes back to
 * page 1; a page beyond the end (after a delete) shows the last page.
 */
export function usePagedRows<Row>(
  rows: readonly Row[],
  matches: (row: Row, needle: string) => boolean,
): PagedRows<Row> {
  const [query, setQuery] = useState('');
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [requestedPage, setRequestedPage] = useState(1);

  const matching = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return needle === '' ? [...rows] : rows.filter((row) => matches(row, needle));
  }, [rows, query, matches]);

  const totalPages = Math.max(1, Math.ceil(matching.length / pageSize));
  const page = Math.min(Math.max(1, requestedPage), totalPages);
  const offset = (page - 1) * pageSize;

  return {
    query,
    search(next) {
      setQuery(next);
      setRequestedPage(1);
    },
    pageSize,
    changePageSize(size) {
      setPageSize(size);
      setRequestedPage(1);
    },
    page,
    totalPages,
    goToPage: setRequestedPage,
    matching,
    pageRows: matching.slice(offset, offset + pageSize),
    offset,
  };
}

/** Case-insensitive "contains" over a row's text fields. */
export function includesNeedle(needle: string, ...values: (string | null | undefined)[]) {
  return values.some((value) => value?.toLowerCase().includes(needle));
}

/** The search box and the page-size select above a leftover table. */
export function TableToolbar<Row>({
  paged,
  searchLabel,
}: {
  paged: PagedRows<Row>;
  searchLabel: string;
}) {
  return (
    <div className="leftover-toolbar">
      <div className="leftover-toolbar__search">
        <SearchBox
          value={paged.query}
          onSearch={paged.search}
          label={searchLabel}
          placeholder={`${searchLabel}…`}
        />
      </div>
      <SelectField
        label="Rows per page"
        layout="inline"
        value={paged.pageSize}
        onChange={(event) => paged.changePageSize(Number(event.target.value))}
      >
        {PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

/** "Showing 11–20 of 23" and the page links under a leftover table. */
export function TableFooter<Row>({ paged, label }: { paged: PagedRows<Row>; label: string }) {
  const total = paged.matching.length;
  if (total === 0) return null;
  const last = paged.offset + paged.pageRows.length;
  return (
    <div className="leftover-table-footer">
      <p className="leftover-muted" aria-live="polite">
        Showing {paged.offset + 1}–{last} of {total}
      </p>
      <Pagination
        page={paged.page}
        totalPages={paged.totalPages}
        onPageChange={paged.goToPage}
        label={`${label} pages`}
      />
    </div>
  );
}
