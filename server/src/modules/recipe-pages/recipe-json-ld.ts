import {
  authorName,
  recipeJsonLd as contractRecipeJsonLd,
} from '@recipehub/openapi/recipe-json-ld';
import type { RecipePageData } from './recipe-page-read.js';

// The hero and the head name the author as the JSON-LD does.
export { authorName };

/**
 * The schema.org Recipe of a recipe page (the contract's builder, which the web app uses for the
 * pages it navigates to), with the page's canonical URL and the last edit. `imageUrl` and
 * `pageUrl` are absolute.
 */
export function recipeJsonLd(
  { recipe, updatedOn }: RecipePageData,
  pageUrl: string,
  imageUrl: string | null,
): Record<string, unknown> {
  return contractRecipeJsonLd(recipe, { pageUrl, imageUrl, dateModified: updatedOn });
}
