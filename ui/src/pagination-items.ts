export type PaginationItem = { type: 'page'; page: number } | { type: 'ellipsis'; key: string };

/** Pages within this distance of the current page are always listed. */
export const PAGINATION_SIBLINGS = 2;

/**
 * The page buttons to show: always the first and last page and the pages within 2 of the current
 * one, with an ellipsis wherever pages are skipped. Empty for a single page (nothing is rendered).
 */
export function paginationItems(current: number, total: number): PaginationItem[] {
  if (total <= 1) return [];
  const page = Math.min(Math.max(1, current), total);
  const pages: number[] = [];
  for (let p = 1; p <= total; p += 1) {
    if (p === 1 || p === total || Math.abs(p - page) <= PAGINATION_SIBLINGS) pages.push(p);
  }
  const items: PaginationItem[] = [];
  pages.forEach((p, index) => {
    const previous = pages[index - 1];
    if (previous !== undefined && p - previous > 1) {
      items.push({ type: 'ellipsis', key: `ellipsis-${previous}-${p}` });
    }
    items.push({ type: 'page', page: p });
  });
  return items;
}
