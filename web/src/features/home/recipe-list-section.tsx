import { useEffect, type ReactNode } from 'react';
import { Button } from '@recipehub/ui/button';
import { EmptyState } from '@recipehub/ui/empty-state';
import { RecipeCard } from '@recipehub/ui/recipe-card';
import { RecipeListFilters } from '../../components/recipe-list/recipe-list-filters';
import { RecipeListPage } from '../../components/recipe-list/recipe-list-page';
import { renderRouterLink } from '../../lib/render-link';
import { FETCH_FAILED, NO_RECIPES } from './home-texts';
import { RecipeGridSkeleton } from './list-skeletons';
import {
  detailHref,
  listInput,
  withFilters,
  type ListParams,
} from '../../components/recipe-list/recipe-list-params';
import { useLastPage } from '../../components/recipe-list/use-last-page';
import { useErrorToast } from '../../lib/use-error-toast';
import { cardContent, type Category, type RecipePage } from './types';

export interface RecipeListSectionProps {
  params: ListParams;
  /** `replace`: in place of the current history entry (a page that turned out not to exist). */
  onParamsChange: (next: ListParams, options?: { replace: boolean }) => void;
  /** The list answer; kept from the previous filter while the next one loads. */
  data: RecipePage | undefined;
  status: 'pending' | 'error' | 'success';
  fetching: boolean;
  /** HTTP status of a failed list call (404: a page beyond the last, e.g. a stale link). */
  errorStatus: number;
  /** When the list call last failed (the query's errorUpdatedAt). */
  errorAt: number;
  onRetry: () => void;
  categories: Category[] | undefined;
}

/**
 * A page past the end: of an estimated count (a search with many matches), the list goes to its
 * real last page (in place of the history entry); of an exact count (a stale link), the list says
 * so. `settling`: the last page is being looked for, or was found and is being opened.
 */
function useSettleOnLastPage(
  params: ListParams,
  onParamsChange: RecipeListSectionProps['onParamsChange'],
  pageMissing: boolean,
  errorAt: number,
) {
  const lastPage = useLastPage(listInput(params), pageMissing ? errorAt : null);
  const settleOn =
    lastPage.state === 'found' && lastPage.lastPage.estimated ? lastPage.lastPage.page : null;
  useEffect(() => {
    if (settleOn !== null) onParamsChange({ ...params, page: settleOn }, { replace: true });
  }, [settleOn, params, onParamsChange]);
  useErrorToast(lastPage.state === 'failed', FETCH_FAILED);
  return {
    settling: pageMissing && (lastPage.state === 'searching' || settleOn !== null),
    doesNotExist: pageMissing && lastPage.state === 'found',
  };
}

/**
 * Search, category filter, cards and pagination (spec §2 Home). Loaded as its own chunk: home.tsx
 * already started the list request, so this code arrives while the answer is on its way.
 */
export function RecipeListSection(props: RecipeListSectionProps) {
  const { params, onParamsChange, status, errorStatus, errorAt, categories } = props;
  const pageMissing = status === 'error' && errorStatus === 404 && params.page > 1;
  const lastPage = useSettleOnLastPage(params, onParamsChange, pageMissing, errorAt);

  const filtered = params.search !== '' || params.categories.length > 0;
  const clearAll = () => onParamsChange(withFilters(params, { search: '', categories: [] }));
  const clearAllButton = (
    <Button variant="secondary" onClick={clearAll} disabled={!filtered}>
      Clear All Filters
    </Button>
  );

  return (
    <>
      <RecipeListFilters
        className="home-filters"
        search={params.search}
        categoryIds={params.categories}
        categories={categories}
        onSearch={(search) => onParamsChange(withFilters(params, { search }))}
        onCategoriesChange={(ids) => onParamsChange(withFilters(params, { categories: ids }))}
      >
        <div className="home-filters__actions">{clearAllButton}</div>
      </RecipeListFilters>
      <ListBody
        {...props}
        lastPage={lastPage}
        emptyAction={filtered ? clearAllButton : undefined}
      />
    </>
  );
}

type ListBodyProps = RecipeListSectionProps & {
  lastPage: ReturnType<typeof useSettleOnLastPage>;
  /** Under "No recipes found.": Clear All Filters when a filter is set. */
  emptyAction: ReactNode;
};

/** What shows under the filters: the cards and their pages, or a placeholder, an error or none. */
function ListBody({
  params,
  onParamsChange,
  data,
  status,
  fetching,
  onRetry,
  lastPage,
  emptyAction,
}: ListBodyProps) {
  if (lastPage.settling) return <RecipeGridSkeleton />;
  if (lastPage.doesNotExist) {
    return (
      <EmptyState
        title={`Page ${params.page} does not exist for this filter.`}
        action={
          <Button onClick={() => onParamsChange({ ...params, page: 1 })}>Go to page 1</Button>
        }
      />
    );
  }
  if (status === 'error') {
    return (
      <EmptyState
        title={FETCH_FAILED}
        action={
          <Button variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        }
      />
    );
  }
  if (!data) return <RecipeGridSkeleton />;
  if (data.results.length === 0) return <EmptyState title={NO_RECIPES} action={emptyAction} />;
  return (
    <RecipeListPage
      answer={data}
      page={params.page}
      onPageChange={(page) => onParamsChange({ ...params, page })}
      label="Recipe pages"
    >
      <div className="home-grid" aria-busy={fetching || undefined}>
        {data.results.map((recipe) => (
          <RecipeCard
            key={recipe.id}
            {...cardContent(recipe)}
            href={detailHref(recipe.id, params)}
            renderLink={renderRouterLink}
          />
        ))}
      </div>
    </RecipeListPage>
  );
}
