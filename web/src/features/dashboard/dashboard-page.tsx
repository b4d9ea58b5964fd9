import { useState, type ReactNode } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from '@recipehub/ui/button';
import { EmptyState } from '@recipehub/ui/empty-state';
import { Spinner } from '@recipehub/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@recipehub/ui/tabs';
import { VisuallyHidden } from '@recipehub/ui/visually-hidden';
import { RecipeListFilters } from '../../components/recipe-list/recipe-list-filters';
import { RecipeListPage } from '../../components/recipe-list/recipe-list-page';
import { listPaging } from '../../components/recipe-list/list-paging';
import { useLastPage } from '../../components/recipe-list/use-last-page';
import { usePageMeta } from '../../lib/page-meta';
import { trpc } from '../../lib/trpc';
import { errorStatus } from '../../lib/trpc-errors';
import { useErrorToast } from '../../lib/use-error-toast';
import { CATEGORIES_STALE_MS, dashboardListInput } from './dashboard-list-input';
import { MyRecipeCard, SavedRecipeCard } from './dashboard-card-actions';
import type { DashboardTab } from './types';
import './dashboard.css';
import { paths } from '../../lib/paths';
import { serverLists, useServerFirstPaint } from './server-first-paint';

const EMPTY_TEXT: Record<DashboardTab, { plain: string; filtered: string }> = {
  my: {
    plain: 'You have not shared any recipes yet.',
    filtered: 'No recipes found for this filter.',
  },
  saved: {
    plain: 'You have not saved any recipes yet.',
    filtered: 'No recipes found for this filter.',
  },
};

/**
 * The dashboard's two reads. A page past the end (an estimated count's, or the last page after a
 * delete elsewhere) is no failure: the list goes to its real last page; so does a page that a
 * delete or unsave emptied.
 */
function useDashboardList(
  tab: DashboardTab,
  page: number,
  search: string,
  categoryIds: number[],
  setPage: (page: number) => void,
) {
  const categories = trpc.categories.list.useQuery(undefined, { staleTime: CATEGORIES_STALE_MS });
  useErrorToast(categories.isError, 'Failed to load categories.');
  const input = dashboardListInput(tab, page, search, categoryIds);
  const list = trpc.recipes.list.useQuery(input, { placeholderData: keepPreviousData });
  const pageMissing = errorStatus(list.error) === 404 && page > 1;
  const lastPage = useLastPage(input, pageMissing ? list.errorUpdatedAt : null);
  if (pageMissing && lastPage.state === 'found') setPage(lastPage.lastPage.page);
  useErrorToast(
    (list.isError && !pageMissing) || lastPage.state === 'failed',
    'Failed to fetch recipes.',
  );
  const totalPages = list.data ? listPaging(list.data, page).totalPages : 1;
  if (list.data && !list.isPlaceholderData && page > totalPages) setPage(totalPages);
  return {
    categories,
    list,
    pageMissing,
    findingLastPage: pageMissing && lastPage.state !== 'failed',
  };
}

/** /dashboard/index/: My Recipes and Saved Recipes, with search, categories and pages (spec §2). */
export function DashboardPage() {
  usePageMeta('Dashboard', 'Your recipes and the recipes you saved on RecipeHub.');
  const [tab, setTab] = useState<DashboardTab>('my');
  const [search, setSearch] = useState('');
  const [categoryIds, setCategoryIds] = useState<number[]>([]);
  const [page, setPage] = useState(1);
  const { categories, list, pageMissing, findingLastPage } = useDashboardList(
    tab,
    page,
    search,
    categoryIds,
    setPage,
  );
  const firstPaint = useServerFirstPaint(tab, { categories, list });

  const listBody = (current: DashboardTab) =>
    current === tab ? (
      <ListBody
        tab={tab}
        list={list}
        page={page}
        onPageChange={setPage}
        findingLastPage={findingLastPage}
        pageMissing={pageMissing}
        filtered={search !== '' || categoryIds.length > 0}
        onClearFilters={() => {
          setSearch('');
          setCategoryIds([]);
          setPage(1);
        }}
      />
    ) : null;

  return (
    <main className="page">
      <h1 className="page__title">Dashboard</h1>
      <Tabs
        value={tab}
        onValueChange={(next) => {
          setTab(next as DashboardTab);
          setPage(1);
        }}
      >
        <TabsList aria-label="Recipe lists">
          <TabsTrigger value="my">My Recipes</TabsTrigger>
          <TabsTrigger value="saved">Saved Recipes</TabsTrigger>
        </TabsList>
        {firstPaint ? (
          serverLists
        ) : (
          <div className="dash-lists">
            <RecipeListFilters
              className="dash-filters"
              search={search}
              categoryIds={categoryIds}
              categories={categories.data}
              onSearch={(next) => {
                if (next.trim() === search) return;
                setSearch(next.trim());
                setPage(1);
              }}
              onCategoriesChange={(ids) => {
                setCategoryIds(ids);
                setPage(1);
              }}
            />
            {!categories.isPending && <ListPanels listBody={listBody} />}
          </div>
        )}
      </Tabs>
    </main>
  );
}

/**
 * The tabs' panels, each with its list when open. They appear once the category filter above
 * them has its categories: filled in later, the filter grew and pushed the lists (or their
 * spinner) down, a layout shift of 0.044 at 390 px, where it wrapped onto three lines.
 */
function ListPanels({ listBody }: { listBody: (tab: DashboardTab) => ReactNode }) {
  return (
    <>
      <TabsContent value="my">
        <VisuallyHidden as="h2">My Recipes</VisuallyHidden>
        {listBody('my')}
      </TabsContent>
      <TabsContent value="saved">
        <VisuallyHidden as="h2">Saved Recipes</VisuallyHidden>
        {listBody('saved')}
      </TabsContent>
    </>
  );
}

interface ListBodyProps {
  tab: DashboardTab;
  list: ReturnType<typeof useDashboardList>['list'];
  page: number;
  onPageChange: (page: number) => void;
  findingLastPage: boolean;
  pageMissing: boolean;
  filtered: boolean;
  onClearFilters: () => void;
}

/** The open tab's cards and pages, or its spinner, error or empty state. */
function ListBody({
  tab,
  list,
  page,
  onPageChange,
  findingLastPage,
  pageMissing,
  filtered,
  onClearFilters,
}: ListBodyProps) {
  if (findingLastPage) {
    return (
      <div className="dash-status">
        <Spinner label="Finding the last page…" />
      </div>
    );
  }
  if (list.isError && (!list.data || pageMissing)) {
    return (
      <EmptyState
        title="Failed to fetch recipes."
        action={
          <Button variant="secondary" onClick={() => void list.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  if (!list.data) {
    return (
      <div className="dash-status">
        <Spinner label="Loading recipes…" />
      </div>
    );
  }
  if (list.data.results.length === 0) {
    return (
      <EmptyState
        title={filtered ? EMPTY_TEXT[tab].filtered : EMPTY_TEXT[tab].plain}
        action={<EmptyAction tab={tab} filtered={filtered} onClearFilters={onClearFilters} />}
      />
    );
  }
  return (
    <RecipeListPage
      answer={list.data}
      page={page}
      onPageChange={onPageChange}
      label={tab === 'my' ? 'My recipes pages' : 'Saved recipes pages'}
    >
      <ul className="dash-grid" aria-busy={list.isFetching || undefined}>
        {list.data.results.map((recipe, index) => (
          <li key={recipe.id}>
            {/* The first card's photo is the page's largest paint: eager, high priority. */}
            {tab === 'my' ? (
              <MyRecipeCard recipe={recipe} priority={index === 0} />
            ) : (
              <SavedRecipeCard recipe={recipe} priority={index === 0} />
            )}
          </li>
        ))}
      </ul>
    </RecipeListPage>
  );
}

/** An empty list's way on: clear the filters, add a recipe, or browse the recipes to save one. */
function EmptyAction({
  tab,
  filtered,
  onClearFilters,
}: Pick<ListBodyProps, 'tab' | 'filtered' | 'onClearFilters'>) {
  if (filtered) {
    return (
      <Button variant="secondary" onClick={onClearFilters}>
        Clear All Filters
      </Button>
    );
  }
  return tab === 'my' ? (
    <Button asChild>
      <Link to={paths.dashboard.addRecipe}>Add a Recipe</Link>
    </Button>
  ) : (
    <Button asChild variant="secondary">
      <Link to={paths.home}>Browse recipes</Link>
    </Button>
  );
}
