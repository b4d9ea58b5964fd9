import { recipePageCount } from '@recipehub/openapi/limits';

/**
 * What paging reads of a list answer. A search with more than 1,000 matches answers an
 * estimated `count` (`count_is_estimate: true`, two significant digits) until a page reaches the
 * end of the matches; a page past the real end answers 404 "Invalid page." (server README,
 * "Search").
 */
export interface ListAnswer {
  count: number;
  count_is_estimate?: true;
  next: string | null;
}

export interface ListPaging {
  /** The pages the pagination may offer: all of them, or those known to exist. */
  totalPages: number;
  lastPageKnown: boolean;
  /** "About 1,200 recipes" for an estimate; null when the count is exact. */
  estimateText: string | null;
}

/** The page number in a `next` link (`/api/recipes/lists/?page=3&search=rice`), or null. */
function linkedPage(link: string): number | null {
  const page = Number(new URLSearchParams(link.slice(link.indexOf('?') + 1)).get('page'));
  return Number.isInteger(page) && page > 0 ? page : null;
}

/**
 * An exact count gives every page (spec §9: count / 10 rounded up). An estimate only promises
 * the pages up to the answer's `next` (the server checks that a next page has rows before it
 * links it), so only those are offered, with "more may follow": an estimate's last page may not
 * exist. The linked page, not `page` + 1: while page 3 loads, the answer shown is page 2's.
 */
export function listPaging(answer: ListAnswer, page: number): ListPaging {
  if (!answer.count_is_estimate || answer.next === null) {
    return { totalPages: recipePageCount(answer.count), lastPageKnown: true, estimateText: null };
  }
  return {
    totalPages: Math.max(page, linkedPage(answer.next) ?? page + 1),
    lastPageKnown: false,
    estimateText: `About ${answer.count.toLocaleString('en-US')} recipes`,
  };
}

/** One page of the list (null: it answered 404, past the end). */
export type PageProbe = (page: number) => Promise<ListAnswer | null>;

export interface LastPage {
  page: number;
  /** Whether the list's count was an estimate (its page 1 said so). */
  estimated: boolean;
}

/**
 * Where a list really ends, after its page `missing` (> 1) answered 404. An exact count says it
 * at once (page 1's count). An estimated one does not: a binary search between page 1 (it
 * exists) and `missing` (it does not) for the page with rows and no `next`, at most
 * log2(missing) + 1 requests (8 for page 100), each a page of a ranking the server has cached.
 */
export async function findLastPage(probe: PageProbe, missing: number): Promise<LastPage> {
  const first = await probe(1);
  const estimated = first?.count_is_estimate === true;
  if (!first || first.next === null) return { page: 1, estimated };
  if (!estimated) return { page: Math.min(recipePageCount(first.count), missing - 1), estimated };
  let exists = 1;
  let gone = missing;
  while (gone - exists > 1) {
    const middle = Math.floor((exists + gone) / 2);
    const answer = await probe(middle);
    if (answer === null) gone = middle;
    else if (answer.next === null) return { page: middle, estimated };
    else exists = middle;
  }
  // `exists` links a next page that answered 404: a recipe went in between; `exists` is the end.
  return { page: exists, estimated };
}
