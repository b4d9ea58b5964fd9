import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { serverOwnsHead } from '../../lib/server-head';
import { ingredientLines, instructionLines } from './recipe-text';
import { personName, type RecipeDetail } from './types';

/**
 * A schema.org Recipe for search engines, in <head> while the page is shown and removed after,
 * on a recipe page the app navigated to. On the page the server answered, the server's Recipe
 * (with its absolute URLs and last edit) is the one, and this writes none (lib/server-head.ts).
 * The lines are the plain ones (without the display prefixes).
 */
export function useRecipeJsonLd(recipe: RecipeDetail | undefined) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!recipe || serverOwnsHead(pathname)) return;
    const plain = (lines: string[]) => lines.map((line) => line.replace(/^[•☘]\s*/, ''));
    const author = personName(recipe.user);
    const data: Record<string, unknown> = {
      '@context': 'https://schema.org',
      '@type': 'Recipe',
      name: recipe.title,
      image: recipe.img ? [new URL(recipe.img, window.location.origin).href] : undefined,
      author: { '@type': 'Person', name: author || 'Anonymous' },
      datePublished: recipe.created_on,
      recipeIngredient: plain(ingredientLines(recipe.ingredients)),
      recipeInstructions: plain(instructionLines(recipe.instructions)).map((text) => ({
        '@type': 'HowToStep',
        text,
      })),
      recipeCategory: recipe.category_names.length > 0 ? recipe.category_names : undefined,
      // Google reads a bare number as the servings count.
      recipeYield: recipe.servings === null ? undefined : String(recipe.servings),
      isBasedOn: recipe.source_url ?? undefined,
    };
    if (recipe.review_count > 0 && recipe.average_rating !== null) {
      data.aggregateRating = {
        '@type': 'AggregateRating',
        ratingValue: recipe.average_rating,
        reviewCount: recipe.review_count,
        bestRating: 5,
        worstRating: 1,
      };
    }
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    // JSON inside <script>: "</" must not end the element early.
    script.textContent = JSON.stringify(data).replace(/</g, '\\u003c');
    document.head.append(script);
    return () => script.remove();
  }, [recipe, pathname]);
}
