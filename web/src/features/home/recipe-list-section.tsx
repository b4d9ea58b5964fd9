import { Button } from '@recipehub/ui/button';
import { CheckboxGroup } from '@recipehub/ui/checkbox-group';
import { EmptyState } from '@recipehub/ui/empty-state';
import { Pagination } from '@recipehub/ui/pagination';
import { RecipeCard } from '@recipehub/ui/recipe-card';
import { SearchBox } from '@recipehub/ui/search-box';
import { renderRouterLink } from '../../lib/render-link';
import { FETCH_FAILED, NO_RECIPES } from './home-texts';
import { RecipeGridSkeleton } from './list-skeletons';
import { recipePageCount } from '@recipehub/openapi/limits';
import { detailHref, withFilters, type ListParams } from './recipe-list-params';
import { authorName, type Category, type RecipePage } from './types';

export interface RecipeListSectionProps {
  params: ListParams;
  onParamsChange: (next: ListParams) => void;
  /** The list answer; kept from the previous filter while the next one loads. */
  data: RecipePage | undefined;
  status: 'pending' | 'error' | 'success';
  fetching: boolean;
  /** HTTP status of a failed list call (404: a page beyond the last, e.g. a stale link). */
  errorStatus: number;
  onRetry: () => void;
  categories: Category[] | undefined;
}

/**
 * Search, category filter, cards and pagination (spec §2 Home). Loaded as its own chunk: home.tsx
 * already started the list request, so this code arrives while the answer is on its way.
 */
export function RecipeListSection({
  params,
  onParamsChange,
  data,
  status,
  fetching,
  errorStatus,
  onRetry,
  categories,
}: RecipeListSectionProps) {
  const filtered = params.search !== '' || params.categories.length > 0;
  const clearAll = () => onParamsChange(withFilters(params, { search: '', categories: [] }));
  const clearAllButton = (
    <Button variant="secondary" onClick={clearAll} disabled={!filtered}>
      Clear All Filters
    </Button>
  );

  let body;
  if (status === 'error' && errorStatus === 404 && params.page > 1) {
    body = (
      <EmptyState
        title={`Page ${params.page} does not exist for this filter.`}
        action={
          <Button onClick={() => onParamsChange({ ...params, page: 1 })}>Go to page 1</Button>
        }
      />
    );
  } else if (status === 'error') {
    body = (
      <EmptyState
        title={FETCH_FAILED}
        action={
          <Button variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        }
      />
    );
  } else if (!data) {
    body = <RecipeGridSkeleton />;
  } else if (data.results.length === 0) {
    body = <EmptyState title={NO_RECIPES} action={filtered ? clearAllButton : undefined} />;
  } else {
    body = (
      <>
        <div className="home-grid" aria-busy={fetching || undefined}>
          {data.results.map((recipe) => (
            <RecipeCard
              key={recipe.id}
              title={recipe.title}
              imageSrc={recipe.img}
              categories={recipe.category_names}
              author={authorName(recipe.user)}
              sharedOn={recipe.created_on}
              href={detailHref(recipe.id, params)}
              renderLink={renderRouterLink}
              imageLoading="lazy"
            />
          ))}
        </div>
        <Pagination
          label="Recipe pages"
          page={params.page}
          totalPages={recipePageCount(data.count)}
          onPageChange={(page) => onParamsChange({ ...params, page })}
        />
      </>
    );
  }

  return (
    <>
      <div className="home-filters">
        <SearchBox
          value={params.search}
          onSearch={(search) => {
            if (search.trim() !== params.search) onParamsChange(withFilters(params, { search }));
          }}
        />
        <CheckboxGroup
          legend="Categories"
          options={(categories ?? []).map((category) => ({
            value: String(category.id),
            label: category.name,
          }))}
          value={params.categories.map(String)}
          onValueChange={(values) =>
            onParamsChange(withFilters(params, { categories: values.map(Number) }))
          }
        />
        <div className="home-filters__actions">{clearAllButton}</div>
      </div>
      {body}
    </>
  );
}
