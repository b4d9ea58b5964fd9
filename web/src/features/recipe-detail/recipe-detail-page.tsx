import { ChevronLeft } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '@recipehub/ui/button';
import { EmptyState } from '@recipehub/ui/empty-state';
import { HiddenBanner } from '@recipehub/ui/hidden-banner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@recipehub/ui/tabs';
import { useHydrated } from '../../lib/after-hydration';
import { notify } from '../../lib/notify';
import { useServerHeadOfPage } from '../../lib/server-head';
import { trpc } from '../../lib/trpc';
import { errorStatus } from '../../lib/trpc-errors';
import { CommentsSection } from './comments-section';
import { IngredientList, ScalingControl, useScaling } from './recipe-ingredients';
import { homeAfterDelete, instructionLines } from './recipe-text';
import type { Scaling } from './recipe-scaling';
import { RecipeHero, RecipeHeroSkeleton } from './recipe-hero';
import { RecipeNotFound } from './recipe-not-found';
import { ReviewsSection } from './reviews-section';
import { ReportAction } from './report-action';
import { RecipePrintSheet } from './recipe-print-sheet';
import { personName, type RecipeDetail } from './types';
import { serverRecipe } from './server-recipe';
import { useRecipeHead } from './use-recipe-head';
import './recipe-detail.css';

const LOAD_FAILED = 'Failed to load recipe details.';
/** The same object on every render: React compares it by identity. */
const SERVER_RENDERED = { __html: '' };

const validId = (text: string | undefined) =>
  text !== undefined && /^[1-9][0-9]{0,9}$/.test(text) ? Number(text) : null;

/** Back: the previous page when there is one in this tab, else home on the page the user came from. */
function useBack() {
  const navigate = useNavigate();
  const [query] = useSearchParams();
  return () => {
    // react-router numbers this tab's entries in history.state.idx (0 for the first). Not the
    // location key: scaling replaces the entry (?servings=6), which gives the first entry a new key.
    const entry = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (entry > 0) {
      void navigate(-1);
      return;
    }
    const fromPage = Number(query.get('fromPage')) || 1;
    void navigate(
      homeAfterDelete(fromPage, Infinity, query.get('categories'), query.get('search')),
    );
  };
}

/**
 * The recipe read, the page's head (title, description, canonical URL, JSON-LD) and the toast
 * for a failed read.
 * `missing`: no such recipe (or no valid id); `failed`: the read failed otherwise.
 */
function useRecipePage(idParam: string | undefined) {
  const id = validId(idParam);
  // The server's copy of the recipe shows at once, but only after hydration: the prerendered
  // HTML that is hydrated holds the loading placeholders.
  const hydrated = useHydrated();
  const recipeQuery = trpc.recipes.get.useQuery(
    { id: id ?? 0 },
    {
      enabled: id !== null,
      placeholderData: hydrated && id !== null ? serverRecipe(id) : undefined,
    },
  );
  const recipe = recipeQuery.data;
  const status = errorStatus(recipeQuery.error);
  const missing = id === null || status === 404;
  const back = useBack();
  const [scaling, setScaling] = useScaling(recipe?.servings ?? null);

  useRecipeHead(recipe, missing);
  useServerHeadOfPage();
  const failed = recipeQuery.isError && !missing;
  useEffect(() => {
    if (failed) notify.error(LOAD_FAILED);
  }, [failed]);
  const retry = () => void recipeQuery.refetch();
  return { recipe, hydrated, missing, failed, retry, back, scaling, setScaling };
}

/** /recipes/:id (spec §2): the recipe, its reactions, tabs, reviews and comments. */
export function RecipeDetailPage({ idParam }: { idParam: string | undefined }) {
  const { recipe, hydrated, missing, failed, retry, back, scaling, setScaling } =
    useRecipePage(idParam);

  if (missing) return <RecipeNotFound />;

  const backButton = (
    <Button variant="ghost" onClick={back} className="recipe-back">
      <ChevronLeft size={18} aria-hidden />
      Back
    </Button>
  );

  if (failed) {
    return (
      <main className="page recipe-page">
        {backButton}
        <h1 className="page__title">Recipe</h1>
        <EmptyState
          title={LOAD_FAILED}
          action={
            <Button variant="secondary" onClick={retry}>
              Try again
            </Button>
          }
        />
      </main>
    );
  }

  if (!recipe && !hydrated) {
    // The prerendered page (web/scripts/prerender.mjs) and the render that hydrates it: the
    // server fills this element with the recipe's hero (server/src/modules/recipe-pages/
    // recipe-page-hero.ts), so the photo and title paint from the HTML, before this script has
    // run. Empty inner HTML with suppressHydrationWarning makes hydration keep the server's
    // markup as it is; the render right after hydration replaces it with the recipe below, laid
    // out the same (no shift).
    return (
      <main className="page recipe-page">
        {backButton}
        <article
          className="recipe-article"
          data-server-rendered="recipe"
          dangerouslySetInnerHTML={SERVER_RENDERED}
          suppressHydrationWarning
        />
      </main>
    );
  }

  if (!recipe) {
    return (
      <main className="page recipe-page" aria-busy="true">
        {backButton}
        <RecipeHeroSkeleton />
      </main>
    );
  }

  return (
    <main className="page recipe-page">
      {backButton}
      {/* Only its author and Admins can read a hidden recipe: the server says why (issue 30). */}
      {recipe.hidden && <HiddenBanner reason={recipe.hidden.reason} />}
      <RecipeArticle recipe={recipe} scaling={scaling} onScalingChange={setScaling} />
      <ReviewsSection recipeId={recipe.id} />
      <CommentsSection recipe={recipe} />
    </main>
  );
}

/** The hero, the Ingredients and Instructions tabs, and the sheet that is printed instead. */
function RecipeArticle({
  recipe,
  scaling,
  onScalingChange,
}: {
  recipe: RecipeDetail;
  scaling: Scaling;
  onScalingChange: (next: Scaling) => void;
}) {
  const author = personName(recipe.user) || 'Anonymous';
  return (
    <article className="recipe-article">
      <RecipeHero recipe={recipe} author={author} />

      <Tabs defaultValue="ingredients" className="recipe-tabs">
        <TabsList aria-label="Recipe details">
          <TabsTrigger value="ingredients">Ingredients</TabsTrigger>
          <TabsTrigger value="instructions">Instructions</TabsTrigger>
        </TabsList>
        <TabsContent value="ingredients" className="recipe-ingredients">
          <ScalingControl scaling={scaling} onChange={onScalingChange} />
          <IngredientList ingredients={recipe.ingredients} scaling={scaling} />
        </TabsContent>
        <TabsContent value="instructions">
          <ol className="recipe-lines">
            {instructionLines(recipe.instructions).map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ol>
        </TabsContent>
      </Tabs>
      <ReportAction
        targetType="recipe"
        targetId={recipe.id}
        itemLabel="recipe"
        authorHandle={recipe.user.handle}
      />
      <RecipePrintSheet
        ingredients={recipe.ingredients}
        instructions={recipe.instructions}
        scaling={scaling}
        author={author}
        sourceUrl={recipe.source_url}
      />
    </article>
  );
}
