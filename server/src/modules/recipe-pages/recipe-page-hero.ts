import { authorName } from '@recipehub/openapi/recipe-json-ld';
import type { RecipeData } from '../recipes/data/recipe-read.js';
import { escapeHtml } from './html-text.js';
import { imagePreload, recipePictureHtml } from './picture-html.js';
import { CALENDAR_ICON, LINK_ICON, USER_ICON, starIcon } from './recipe-page-icons.js';

/*
 * The recipe page's hero (photo, title, categories, author, date, source, rating) as HTML, so the
 * page's largest element paints from the HTML instead of after the app's script has loaded,
 * hydrated and rendered (LCP about 0.8 s locally and 2.4 s throttled with it in the script).
 * It is the markup web/'s RecipeDetailPage renders for the hero, class for class and box for box
 * (ui's Picture, the lucide icons, ui's StarRatingDisplay): the app replaces it with its own
 * render right after hydration, and the two must lay out alike or the page jumps (CLS).
 * A handful of string concatenations; every value from the recipe is escaped (html-text.ts).
 */

/** web/ recipe-detail-page.tsx: the hero picture's `sizes`, intrinsic size and alt text. */
const HERO_SIZES = '(min-width: 48rem) 50vw, 100vw';
const HERO_WIDTH = 800;
const HERO_HEIGHT = 500;

/** Same rendering as ui/src/format.ts formatDateTime: the spec shows times in Asia/Dhaka. */
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Dhaka',
});

/** The hero's preload (imagePreload with the hero's `sizes`). */
export const heroPreload = (recipe: RecipeData) => imagePreload(recipe, HERO_SIZES);

/** ui's Picture, eager with high priority (the first visible image), its placeholder painted. */
const heroPicture = (recipe: RecipeData) =>
  recipePictureHtml(recipe, {
    className: 'recipe-hero__image',
    alt: recipe.title,
    width: HERO_WIDTH,
    height: HERO_HEIGHT,
    sizes: HERO_SIZES,
    priority: true,
  });

/** web/ recipe-source.tsx: the site name of an imported recipe's link. */
function sourceLine(url: string): string {
  let host: string;
  try {
    const parsed = new URL(url);
    // The server keeps only http(s) links; anything else is not made a link here.
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return '';
    host = parsed.hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
  return (
    `<p class="recipe-meta recipe-source">${LINK_ICON} Source:` +
    `<a href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer nofollow ugc">${escapeHtml(host)}</a></p>`
  );
}

function ratingLine(average: number, count: number): string {
  const rounded = Math.round(average);
  const stars = [1, 2, 3, 4, 5].map((star) => starIcon(star <= rounded)).join('');
  return (
    '<p class="recipe-meta">' +
    `<span class="rh-stars rh-stars--display" role="img" aria-label="Rated ${average} out of 5">${stars}</span>` +
    `${average.toFixed(1)} (${count} ${count === 1 ? 'review' : 'reviews'})</p>`
  );
}

/** The hero's HTML: what goes inside the recipe page's `<article class="recipe-article">`. */
export function recipeHeroHtml(recipe: RecipeData): string {
  const categories = recipe.category_names.length > 0 ? recipe.category_names : ['Uncategorized'];
  const created = escapeHtml(recipe.created_on);
  return (
    `<div class="recipe-hero">${heroPicture(recipe)}<div class="recipe-hero__info">` +
    `<h1 class="recipe-hero__title">${escapeHtml(recipe.title)}</h1>` +
    '<ul class="recipe-categories" aria-label="Categories">' +
    categories
      .map((name) => `<li class="recipe-categories__item">${escapeHtml(name)}</li>`)
      .join('') +
    '</ul>' +
    `<p class="recipe-meta">${USER_ICON} By ${escapeHtml(authorName(recipe.user))}</p>` +
    `<p class="recipe-meta">${CALENDAR_ICON} Created on` +
    `<time datetime="${created}">${escapeHtml(dateTimeFormat.format(new Date(recipe.created_on)))}</time></p>` +
    (recipe.source_url ? sourceLine(recipe.source_url) : '') +
    (recipe.review_count > 0 && recipe.average_rating !== null
      ? ratingLine(recipe.average_rating, recipe.review_count)
      : '') +
    '</div></div>'
  );
}
