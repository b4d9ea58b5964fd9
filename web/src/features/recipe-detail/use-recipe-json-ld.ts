import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { serverOwnsHead } from '../../lib/server-head';
import { recipeJsonLd } from '@recipehub/openapi/recipe-json-ld';
import type { RecipeDetail } from './types';

/**
 * A schema.org Recipe for search engines, in <head> while the page is shown and removed after,
 * on a recipe page the app navigated to. On the page the server answered, the server's Recipe
 * (with its absolute URLs and last edit) is the one, and this writes none (lib/server-head.ts).
 * The contract's builder, the one the server's pages use: the lines are the plain ones (without
 * the display prefixes).
 */
export function useRecipeJsonLd(recipe: RecipeDetail | undefined) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!recipe || serverOwnsHead(pathname)) return;
    const image = recipe.img ? new URL(recipe.img, window.location.origin).href : null;
    const data = recipeJsonLd(recipe, { imageUrl: image });
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    // JSON inside <script>: "</" must not end the element early.
    script.textContent = JSON.stringify(data).replace(/</g, '\\u003c');
    document.head.append(script);
    return () => script.remove();
  }, [recipe, pathname]);
}
