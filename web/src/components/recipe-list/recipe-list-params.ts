import { paths } from '../../lib/paths';

/**
 * The home list's state lives in the URL (spec §2: page, categories, search), so shared links and
 * back/forward work. These pure helpers read and write it; tests in tests/unit.
 */

export interface ListParams {
  page: number;
  /** Category ids, in the order chosen. */
  categories: number[];
  search: string;
}

const positiveInt = (text: string) => (/^[1-9][0-9]{0,9}$/.test(text) ? Number(text) : null);

export function parseListParams(query: URLSearchParams): ListParams {
  const page = positiveInt(query.get('page') ?? '') ?? 1;
  const categories = [
    ...new Set(
      (query.get('categories') ?? '')
        .split(',')
        .map(positiveInt)
        .filter((id): id is number => id !== null),
    ),
  ];
  return { page, categories, search: (query.get('search') ?? '').trim() };
}

/** The list call's input for a list state (the same object for the hook and the prefetch). */
export function listInput({ page, categories, search }: ListParams) {
  return { page, categories: categories.join(','), search };
}

// Commas stay readable in shared links (?categories=1,2); they need no escaping in a query.
const readable = (query: URLSearchParams) => query.toString().replace(/%2C/g, ',');

/** The query string for a list state; page 1 and empty filters are left out. */
export function listQuery({ page, categories, search }: ListParams): string {
  const query = new URLSearchParams();
  if (page > 1) query.set('page', String(page));
  if (categories.length > 0) query.set('categories', categories.join(','));
  if (search) query.set('search', search);
  return readable(query);
}

/** Spec §2: changing a filter resets to page 1. */
export function withFilters(
  current: ListParams,
  change: Partial<Pick<ListParams, 'categories' | 'search'>>,
): ListParams {
  return { ...current, ...change, page: 1 };
}

/** A card's link to the detail page: fromPage plus the filters, so Back and Delete can return. */
export function detailHref(id: number, { page, categories, search }: ListParams): string {
  const query = new URLSearchParams({ fromPage: String(page) });
  if (categories.length > 0) query.set('categories', categories.join(','));
  if (search) query.set('search', search);
  return `${paths.recipe(id)}?${readable(query)}`;
}
