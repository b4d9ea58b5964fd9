import { EmptyState } from '@recipehub/ui/empty-state';
import { RecipeCard } from '@recipehub/ui/recipe-card';
import { TrendingSlider } from '@recipehub/ui/trending-slider';
import { renderRouterLink } from '../../lib/render-link';
import { TRENDING_FAILED } from './home-texts';
import { cardContent, type RecipeSummary } from './types';
import { paths } from '../../lib/paths';

/**
 * The trending slider (embla) is the heaviest widget of the home page, so it is its own chunk,
 * loaded after the first paint; home.tsx shows a skeleton of the same size meanwhile.
 */
export function TrendingSection({ recipes }: { recipes: RecipeSummary[] | 'error' }) {
  if (recipes === 'error') {
    return (
      <section aria-labelledby="home-trending-title" className="home-trending">
        <h2 id="home-trending-title" className="home-section-title">
          Trending Recipes
        </h2>
        <EmptyState title={TRENDING_FAILED} />
      </section>
    );
  }
  if (recipes.length === 0) return null;
  return (
    <div className="home-trending">
      <TrendingSlider title="Trending Recipes">
        {recipes.map((recipe, index) => (
          <RecipeCard
            className="home-trending__card"
            key={recipe.id}
            {...cardContent(recipe)}
            href={paths.recipe(recipe.id)}
            renderLink={renderRouterLink}
            imagePriority={index === 0}
          />
        ))}
      </TrendingSlider>
    </div>
  );
}
