import { thumbHashToDataURL } from 'thumbhash';
import type { RecipeData } from '../recipes/data/recipe-read.js';
import { escapeHtml } from './html-text.js';
import { CALENDAR_ICON, LINK_ICON, USER_ICON, starIcon } from './recipe-page-icons.js';
import { authorName } from './recipe-json-ld.js';

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

/*
 * A ThumbHash's PNG data URL costs about 0.4 ms to draw (measured: 1,000 in 377 ms), more than the
 * rest of the page; the same few placeholders repeat on the pages people open, so the drawn URLs
 * are kept, at most this many (the hash is the key: nothing to invalidate when a photo changes).
 */
const PLACEHOLDER_CACHE_SIZE = 500;
const placeholderUrls = new Map<string, string | null>();

function placeholderUrl(placeholder: string): string | null {
  const known = placeholderUrls.get(placeholder);
  if (known !== undefined) return known;
  let url: string | null;
  try {
    url = thumbHashToDataURL(Uint8Array.from(Buffer.from(placeholder, 'base64')));
  } catch {
    url = null; // a malformed hash: the theme's plate, as in ui's Picture
  }
  if (placeholderUrls.size >= PLACEHOLDER_CACHE_SIZE) {
    placeholderUrls.delete(placeholderUrls.keys().next().value!);
  }
  placeholderUrls.set(placeholder, url);
  return url;
}

/** An image URL the page may load: a site path or http(s); anything else (`javascript:`, `data:`) is none. */
function loadableImage(src: string | null): string | null {
  if (!src) return null;
  try {
    const { protocol } = new URL(src, 'http://site.invalid/');
    return protocol === 'https:' || protocol === 'http:' ? src : null;
  } catch {
    return null;
  }
}

/** Where the hero's image comes from: the uploaded photo's sizes, or the recipe's own `img`. */
function heroImage(recipe: RecipeData) {
  return {
    src: loadableImage(recipe.photo?.src ?? recipe.img),
    sources: recipe.photo?.sources ?? [],
    placeholder: recipe.photo?.placeholder ? placeholderUrl(recipe.photo.placeholder) : null,
  };
}

/**
 * A `<link rel="preload">` for a recipe's picture as an `<img>` with `sizes` shows it: the first
 * source's `srcset` (the browser picks the same width the image will), in <head>, so the image is
 * asked for with high priority as soon as the head arrives, next to the stylesheets. `type` makes
 * a browser that cannot decode the format skip it (it then reads the `<picture>`'s next source).
 * Empty when the recipe has no loadable picture.
 */
export function imagePreload(recipe: RecipeData, sizes: string): string {
  const { src, sources } = heroImage(recipe);
  if (!src) return '';
  const [first] = sources;
  if (!first)
    return `<link rel="preload" as="image" href="${escapeHtml(src)}" fetchpriority="high" />`;
  return (
    `<link rel="preload" as="image" type="${escapeHtml(first.type)}" ` +
    `imagesrcset="${escapeHtml(first.srcset)}" imagesizes="${escapeHtml(sizes)}" fetchpriority="high" />`
  );
}

/** The hero's preload (imagePreload with the hero's `sizes`). */
export const heroPreload = (recipe: RecipeData) => imagePreload(recipe, HERO_SIZES);

/** ui's Picture, eager with high priority (the first visible image), its placeholder painted. */
function heroPicture(recipe: RecipeData): string {
  const { src, sources, placeholder } = heroImage(recipe);
  const alt = escapeHtml(recipe.title);
  const box = `aspect-ratio:${HERO_WIDTH} / ${HERO_HEIGHT}`;
  const background = placeholder ? `;background-image:url(&quot;${placeholder}&quot;)` : '';
  const kind = placeholder ? 'thumbhash' : 'plate';
  if (!src) {
    return (
      `<span class="rh-picture recipe-hero__image" data-state="fallback" data-placeholder="${kind}" ` +
      `style="${box}${background}" role="img" aria-label="${alt}"></span>`
    );
  }
  const sizes = sources.length > 0 ? ` sizes="${HERO_SIZES}"` : '';
  return (
    `<span class="rh-picture recipe-hero__image" data-state="loading" data-placeholder="${kind}" ` +
    `style="${box}${background}"><picture>` +
    sources
      .map(
        (source) =>
          `<source type="${escapeHtml(source.type)}" srcset="${escapeHtml(source.srcset)}" sizes="${HERO_SIZES}"/>`,
      )
      .join('') +
    `<img class="rh-picture__image" src="${escapeHtml(src)}" alt="${alt}" width="${HERO_WIDTH}" ` +
    `height="${HERO_HEIGHT}"${sizes} loading="eager" fetchpriority="high" decoding="sync"/>` +
    '</picture></span>'
  );
}

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
