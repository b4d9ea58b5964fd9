import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router';
import { recipeHead } from '@recipehub/openapi/recipe-head';
import { usePageMeta } from '../../lib/page-meta';
import { serverOwnsHead } from '../../lib/server-head';
import type { RecipeDetail } from './types';

/**
 * The recipe page's head, from the contract's builder the server's pages use
 * (`@recipehub/openapi/recipe-head`), so a recipe reached in the app is described as a direct
 * load of its address describes it. The title and description are written always (on the page
 * the server answered they are its own text again). The canonical URL and the schema.org Recipe
 * are written on a recipe page the app navigated to, and removed when it goes; on the page the
 * server answered, the server's stay and this writes none (lib/server-head.ts). The app's
 * Recipe lacks the last edit (dateModified), which the API's recipe does not carry; its URLs
 * start with the address the page was opened at, where the server's start with PUBLIC_URL.
 */
export function useRecipeHead(recipe: RecipeDetail | undefined, missing: boolean) {
  const { pathname } = useLocation();
  const head = useMemo(
    () => (recipe ? recipeHead(recipe, { publicUrl: window.location.origin }) : null),
    [recipe],
  );
  usePageMeta(recipe?.title ?? (missing ? 'Recipe not found' : 'Recipe'), head?.description);

  const canonicalUrl = head?.canonicalUrl;
  // JSON inside <script>: "</" must not end the element early. A string, so a refetch that
  // changes nothing the head says leaves the tags alone.
  const jsonLd = head && JSON.stringify(head.jsonLd).replace(/</g, '\\u003c');
  useEffect(() => {
    if (!canonicalUrl || !jsonLd || serverOwnsHead(pathname)) return;
    const canonical = document.createElement('link');
    canonical.rel = 'canonical';
    canonical.href = canonicalUrl;
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.textContent = jsonLd;
    document.head.append(canonical, script);
    return () => {
      canonical.remove();
      script.remove();
    };
  }, [canonicalUrl, jsonLd, pathname]);
}
