import { escapeHtml, jsonForScript, summary } from './html-text.js';
import { authorName, recipeJsonLd } from './recipe-json-ld.js';
import { heroPreload } from './recipe-page-hero.js';
import type { RecipePageData } from './recipe-page-read.js';

const SITE = 'RecipeHub';
/** What search results and link previews show at most before cutting. */
const DESCRIPTION_LENGTH = 155;

/** An absolute URL for a recipe's picture: uploaded ones are site paths, others already absolute. */
function absoluteImage(img: string | null, publicUrl: string): string | null {
  if (!img) return null;
  try {
    const url = new URL(img, `${publicUrl}/`);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export const recipePageUrl = (publicUrl: string, id: number) => `${publicUrl}/recipes/${id}`;

/** The sentence the app puts in the meta description (web/ recipe-detail-page.tsx), cut at a word. */
export const recipeDescription = ({ recipe }: RecipePageData) =>
  summary(
    `${recipe.title} by ${authorName(recipe.user)}: ${recipe.instructions}`,
    DESCRIPTION_LENGTH,
  );

const meta = (attribute: 'name' | 'property', key: string, value: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;

/**
 * What a recipe page's <head> says about it: title, description, canonical URL, Open Graph and
 * Twitter card tags and the schema.org Recipe, every value escaped (html-text.ts).
 */
export function recipeHead(page: RecipePageData, publicUrl: string): string {
  const { recipe } = page;
  const url = recipePageUrl(publicUrl, recipe.id);
  const image = absoluteImage(recipe.img, publicUrl);
  const description = recipeDescription(page);
  // The hero's image, asked for with the stylesheets rather than after them (recipe-page-hero.ts).
  const preload = heroPreload(recipe);
  const tags = [
    `<title>${escapeHtml(`${recipe.title} · ${SITE}`)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    ...(preload ? [preload] : []),
    meta('property', 'og:type', 'article'),
    meta('property', 'og:site_name', SITE),
    meta('property', 'og:title', recipe.title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'article:published_time', recipe.created_on),
    meta('property', 'article:modified_time', page.updatedOn),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', recipe.title),
    meta('name', 'twitter:description', description),
  ];
  if (image) {
    tags.push(
      meta('property', 'og:image', image),
      meta('property', 'og:image:alt', recipe.title),
      meta('name', 'twitter:image', image),
      meta('name', 'twitter:image:alt', recipe.title),
    );
  }
  tags.push(
    `<script type="application/ld+json" id="recipe-json-ld">${jsonForScript(
      recipeJsonLd(page, url, image),
    )}</script>`,
    // The recipe as the app reads it, shown while the app's own read is on the way.
    `<script type="application/json" id="recipe-data">${jsonForScript(recipe)}</script>`,
  );
  return tags.join('\n    ');
}

/** The not-found page's head: its title, and no index entry for a missing recipe. */
export const notFoundHead = () =>
  `<title>Recipe not found · ${SITE}</title>\n    <meta name="robots" content="noindex" />`;
