import { lazy, useCallback, useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { keepPreviousData } from '@tanstack/react-query';
import { FiltersSkeleton, RecipeGridSkeleton } from '../../features/home/list-skeletons';
import { trendingFirstPaint } from '../../features/home/trending-first-paint';
import {
  listInput,
  listQuery,
  parseListParams,
  type ListParams,
} from '../../components/recipe-list/recipe-list-params';
import { CATEGORIES_FAILED, FETCH_FAILED, TRENDING_FAILED } from '../../features/home/home-texts';
import { AfterHydration } from '../../lib/after-hydration';
import { notify } from '../../lib/notify';
import { trpcUtils } from '../../lib/query-client';
import { usePageMeta } from '../../lib/page-meta';
import { trpc } from '../../lib/trpc';
import { errorStatus } from '../../lib/trpc-errors';
import {
  RECIPE_SCROLL_DELAY_MS,
  RECIPES_SECTION_ID,
  scrollToRecipes,
  wantsScrollToRecipes,
} from '../layouts/scroll-to-recipes';
import { paths } from '../../lib/paths';

/*
 * Home is in the first download, which has a hard budget (110 KB gzip). So this module only
 * starts the three reads (one batched request) and lays out fixed-size placeholders; the slider,
 * the list's controls and the contact form are chunks that arrive while the answer is on its way.
 */
const CATEGORIES_STALE_MS = 5 * 60_000;
const loadList = () => import('../../features/home/recipe-list-section');
const loadTrending = () => import('../../features/home/trending-section');
/*
 * Landing here: start the three reads and fetch the sections' code now, while React renders for the
 * first time, rather than after its first commit (when the hooks below would start them). The
 * hooks then find the reads in flight or done under the same keys; one batched request either way.
 */
if (typeof window !== 'undefined' && window.location.pathname === paths.home) {
  const params = parseListParams(new URLSearchParams(window.location.search));
  void trpcUtils.recipes.trending.prefetch();
  void trpcUtils.categories.list.prefetch(undefined, { staleTime: CATEGORIES_STALE_MS });
  void trpcUtils.recipes.list.prefetch(listInput(params));
  void loadList(); // the home sections' chunk, trending-section.tsx's too
}
const RecipeListSection = lazy(() =>
  loadList().then((module) => ({ default: module.RecipeListSection })),
);
/**
 * The trending section's module once it has loaded, undefined before (and while the page hydrates: the
 * effect runs after). Not `lazy`: a Suspense fallback is a new element, and the slider's place
 * must stay the element hydrated from the HTML until the slider replaces it (trendingFirstPaint),
 * or the server's slider would blink out. A failed load shows through the list's section, which
 * comes from the same chunk.
 */
function useTrendingModule() {
  const [module, setModule] = useState<Awaited<ReturnType<typeof loadTrending>>>();
  useEffect(() => {
    void loadTrending().then(setModule);
  }, []);
  return module;
}

const ContactSection = lazy(() =>
  import('../../features/home/contact-section').then((module) => ({
    default: module.ContactSection,
  })),
);

/** The Recipe button on another page sent us here to show the list (spec §2: after ~100 ms). */
function useScrollToRecipesWhenAsked() {
  const location = useLocation();
  const scrollWanted = wantsScrollToRecipes(location.state);
  useEffect(() => {
    if (!scrollWanted) return;
    const timer = window.setTimeout(scrollToRecipes, RECIPE_SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [scrollWanted, location.key]);
}

/** The page's three reads, each failure told once in a toast. */
function useHomeReads(params: ListParams) {
  // Same render, same tick: httpBatchLink sends these three as one HTTP request.
  const trending = trpc.recipes.trending.useQuery();
  const categories = trpc.categories.list.useQuery(undefined, {
    staleTime: CATEGORIES_STALE_MS,
  });
  const list = trpc.recipes.list.useQuery(listInput(params), {
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    if (trending.isError) notify.error(TRENDING_FAILED);
  }, [trending.isError]);
  useEffect(() => {
    if (categories.isError) notify.error(CATEGORIES_FAILED);
  }, [categories.isError]);
  const listError = list.error;
  const staleLink = errorStatus(listError) === 404 && params.page > 1;
  useEffect(() => {
    // A page beyond the last (a stale link) is shown in the list, not as a failure.
    if (listError && !staleLink) notify.error(FETCH_FAILED);
  }, [listError, staleLink]);
  return { trending, categories, list };
}

/** The list's filters and page live in the address (?page=, ?search=, ?categories=). */
function useListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = parseListParams(searchParams);
  const currentPage = params.page;
  const setParams = useCallback(
    (next: ListParams, options?: { replace: boolean }) => {
      setSearchParams(listQuery(next), { replace: options?.replace ?? false });
      // A new page starts at the top of the list; filters stay where the user is typing.
      if (next.page !== currentPage) scrollToRecipes();
    },
    [setSearchParams, currentPage],
  );
  return [params, setParams] as const;
}

export function Component() {
  usePageMeta(null); // the site's default description is the home page's
  const [params, setParams] = useListParams();
  useScrollToRecipesWhenAsked();
  const { trending, categories, list } = useHomeReads(params);
  const trendingModule = useTrendingModule();

  return (
    <main className="page home">
      <header className="home-intro">
        <h1 className="home-intro__title">Cook, share and discover recipes</h1>
        <p className="home-intro__text">
          Trending dishes from our community, every recipe searchable by name, ingredient or
          category.
        </p>
      </header>

      {trendingModule && (trending.data || trending.isError) ? (
        <trendingModule.TrendingSection recipes={trending.data ?? 'error'} />
      ) : (
        trendingFirstPaint
      )}

      <section
        id={RECIPES_SECTION_ID}
        className="home-recipes"
        aria-labelledby="home-recipes-title"
      >
        <h2 id="home-recipes-title" className="home-section-title">
          Explore Recipes
        </h2>
        <AfterHydration
          fallback={
            <>
              <FiltersSkeleton />
              <RecipeGridSkeleton />
            </>
          }
        >
          <RecipeListSection
            params={params}
            onParamsChange={setParams}
            data={list.data}
            status={list.status}
            fetching={list.isFetching}
            errorStatus={errorStatus(list.error)}
            errorAt={list.errorUpdatedAt}
            onRetry={() => void list.refetch()}
            categories={categories.data}
          />
        </AfterHydration>
      </section>

      <AfterHydration fallback={<div className="home-contact-placeholder" />}>
        <ContactSection />
      </AfterHydration>
    </main>
  );
}
