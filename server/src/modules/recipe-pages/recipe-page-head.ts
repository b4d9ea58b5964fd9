import { recipeHead as recipeHeadFacts } from '@recipehub/openapi/recipe-head';
import { escapeHtml, jsonForScript } from './html-text.js';
import { heroPreload } from './recipe-page-hero.js';
import type { RecipePageData } from './recipe-page-read.js';

const SITE = 'RecipeHub';

const meta = (attribute: 'name' | 'property', key: string, value: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;

/**
 * What a recipe page's <head> says about it: title, description, canonical URL, Open Graph and
 * Twitter card tags and the schema.org Recipe, every value escaped (html-text.ts).
 */
export function recipeHead(page: RecipePageData, publicUrl: string): string {
  const { recipe } = page;
  // The contract's builder, which the web app uses for the recipe pages it navigates to.
  const { title, description, canonicalUrl, imageUrl, jsonLd } = recipeHeadFacts(recipe, {
    publicUrl,
    dateModified: page.updatedOn,
  });
  // The hero's image, asked for with the stylesheets rather than after them (recipe-page-hero.ts).
  const preload = heroPreload(recipe);
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(canonicalUrl)}" />`,
    ...(preload ? [preload] : []),
    meta('property', 'og:type', 'article'),
    meta('property', 'og:site_name', SITE),
    meta('property', 'og:title', recipe.title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', canonicalUrl),
    meta('property', 'article:published_time', recipe.created_on),
    meta('property', 'article:modified_time', page.updatedOn),
    meta('name', 'twitter:card', imageUrl ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', recipe.title),
    meta('name', 'twitter:description', description),
  ];
  if (imageUrl) {
    tags.push(
      meta('property', 'og:image', imageUrl),
      meta('property', 'og:image:alt', recipe.title),
      meta('name', 'twitter:image', imageUrl),
      meta('name', 'twitter:image:alt', recipe.title),
    );
  }
  tags.push(
    `<script type="application/ld+json" id="recipe-json-ld">${jsonForScript(jsonLd)}</script>`,
    // The recipe as the app reads it, shown while the app's own read is on the way.
    `<script type="application/json" id="recipe-data">${jsonForScript(recipe)}</script>`,
  );
  return tags.join('\n    ');
}

/** The not-found page's head: its title, and no index entry for a missing recipe. */
export const notFoundHead = () =>
  `<title>Recipe not found · ${SITE}</title>\n    <meta name="robots" content="noindex" />`;
