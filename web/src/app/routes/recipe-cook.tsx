import { useLocation, useParams } from 'react-router';
import { Button } from '@recipehub/ui/button';
import { EmptyState } from '@recipehub/ui/empty-state';
import { Spinner } from '@recipehub/ui/spinner';
import { CookModePage, type CookModeRecipe } from '../../features/cook-mode/cook-mode-page';
import {
  scaleIngredientText,
  scalingFactor,
  scalingFromQuery,
  scalingLabel,
} from '../../features/recipe-detail/recipe-scaling';
import { RecipeNotFound } from '../../features/recipe-detail/recipe-not-found';
import { ingredientLines, instructionLines } from '../../features/recipe-detail/recipe-text';
import { trpc } from '../../lib/trpc';
import { errorStatus } from '../../lib/trpc-errors';
import { paths } from '../../lib/paths';

const validId = (text: string | undefined) =>
  text !== undefined && /^[1-9][0-9]{0,9}$/.test(text) ? Number(text) : null;

/**
 * /recipes/:id/cook: cook mode, outside the site layout so it has the whole screen. The app
 * composes the two features: the recipe page's scaling (from the same query, so the amounts
 * match the page the cook came from) feeds cook mode, which knows nothing of recipes' shapes.
 */
export function Component() {
  const { id: idParam } = useParams();
  const location = useLocation();
  const id = validId(idParam);
  const query = trpc.recipes.get.useQuery({ id: id ?? 0 }, { enabled: id !== null });
  const exitTo = `${paths.recipe(idParam ?? '')}${location.search}`;

  if (id === null || errorStatus(query.error) === 404) return <RecipeNotFound />;
  if (query.isError) {
    return (
      <main className="page page--narrow">
        <EmptyState
          title="Failed to load recipe details."
          action={
            <Button variant="secondary" onClick={() => void query.refetch()}>
              Try again
            </Button>
          }
        />
      </main>
    );
  }
  if (!query.data) return <Spinner label="Loading recipe…" />;

  const recipe = query.data;
  const scaling = scalingFromQuery(recipe.servings, new URLSearchParams(location.search));
  const factor = scalingFactor(scaling);
  const cook: CookModeRecipe = {
    title: recipe.title,
    steps: instructionLines(recipe.instructions).map((line) => line.replace(/^☘\s*/u, '')),
    ingredients: ingredientLines(scaleIngredientText(recipe.ingredients, scaling)),
    scaleLabel: factor.n === factor.d && scaling.kind === 'factor' ? null : scalingLabel(scaling),
  };
  return <CookModePage recipe={cook} exitTo={exitTo} />;
}
