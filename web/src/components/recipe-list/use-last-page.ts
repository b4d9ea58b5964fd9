import { useEffect, useState } from 'react';
import type { RouterInputs } from '../../lib/router-types';
import { trpc } from '../../lib/trpc';
import { errorStatus } from '../../lib/trpc-errors';
import { findLastPage, type LastPage, type PageProbe } from './list-paging';

/** The list's input, with the page that answered 404. */
type ListInput = RouterInputs['recipes']['list'] & { page: number };

export type LastPageSearch =
  | { state: 'idle' }
  | { state: 'searching' }
  | { state: 'found'; lastPage: LastPage }
  | { state: 'failed' };

/**
 * When the list's page `input.page` answered 404 (`missingAt`: the query's errorUpdatedAt, null
 * while the page is not missing), finds where the list really ends (findLastPage), reading pages
 * through the query cache, so the page found is already loaded when the list goes there. A new
 * 404 (Try again) searches again.
 */
export function useLastPage(input: ListInput, missingAt: number | null): LastPageSearch {
  const utils = trpc.useUtils();
  // A string: a new input object each render must not restart the search.
  const key = missingAt === null ? null : `${missingAt} ${JSON.stringify(input)}`;
  const [result, setResult] = useState<{ key: string; search: LastPageSearch } | null>(null);

  useEffect(() => {
    if (key === null) return;
    let current = true;
    const base = JSON.parse(key.slice(key.indexOf(' ') + 1)) as ListInput;
    const probe: PageProbe = (page) =>
      utils.recipes.list.fetch({ ...base, page }).catch((error: unknown) => {
        if (errorStatus(error) === 404) return null;
        throw error;
      });
    findLastPage(probe, base.page).then(
      (lastPage) => {
        if (current) setResult({ key, search: { state: 'found', lastPage } });
      },
      () => {
        if (current) setResult({ key, search: { state: 'failed' } });
      },
    );
    return () => {
      current = false;
    };
  }, [key, utils]);

  if (key === null) return { state: 'idle' };
  return result?.key === key ? result.search : { state: 'searching' };
}
