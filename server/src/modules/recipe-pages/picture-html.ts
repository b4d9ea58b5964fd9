import { thumbHashToDataURL } from 'thumbhash';
import type { RecipeData } from '../recipes/data/recipe-read.js';
import { escapeHtml } from './html-text.js';

/*
 * ui's Picture (ui/src/picture.tsx) as HTML, for the pictures the server paints before the app's
 * script runs (the recipe page's hero, the home page's trending cards): the same elements,
 * classes, attributes and inline style, in the order React writes them, so the app's render that
 * replaces them lays out alike and picks the same image file (no shift, no second download).
 */

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

/** Where a recipe's picture comes from: the uploaded photo's sizes, or the recipe's own `img`. */
function recipeImage(recipe: RecipeData) {
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
  const { src, sources } = recipeImage(recipe);
  if (!src) return '';
  const [first] = sources;
  if (!first)
    return `<link rel="preload" as="image" href="${escapeHtml(src)}" fetchpriority="high" />`;
  return (
    `<link rel="preload" as="image" type="${escapeHtml(first.type)}" ` +
    `imagesrcset="${escapeHtml(first.srcset)}" imagesizes="${escapeHtml(sizes)}" fetchpriority="high" />`
  );
}

export interface PictureLayout {
  /** Added to `rh-picture`, as the component's `className`. */
  className: string;
  alt: string;
  width: number;
  height: number;
  sizes: string;
  /** The first visible image: eager, high priority, decoded at once. Others are lazy. */
  priority: boolean;
}

/** ui's Picture for a recipe in its first state: `loading`, or `fallback` without a loadable image. */
export function recipePictureHtml(recipe: RecipeData, layout: PictureLayout): string {
  const { src, sources, placeholder } = recipeImage(recipe);
  const alt = escapeHtml(layout.alt);
  const box = `aspect-ratio:${layout.width} / ${layout.height}`;
  const background = placeholder ? `;background-image:url(&quot;${placeholder}&quot;)` : '';
  const kind = placeholder ? 'thumbhash' : 'plate';
  const open = `<span class="rh-picture ${layout.className}"`;
  if (!src) {
    // A failed picture is an image for its alt text, or hidden when it has none (ui's Picture).
    const described = layout.alt
      ? ` role="img" aria-label="${alt}"`
      : ' role="img" aria-hidden="true"';
    return (
      `${open} data-state="fallback" data-placeholder="${kind}" ` +
      `style="${box}${background}"${described}></span>`
    );
  }
  const sizes = escapeHtml(layout.sizes);
  const loading = layout.priority
    ? 'loading="eager" fetchpriority="high" decoding="sync"'
    : 'loading="lazy" decoding="async"';
  return (
    `${open} data-state="loading" data-placeholder="${kind}" style="${box}${background}"><picture>` +
    sources
      .map(
        (source) =>
          `<source type="${escapeHtml(source.type)}" srcset="${escapeHtml(source.srcset)}" sizes="${sizes}"/>`,
      )
      .join('') +
    `<img class="rh-picture__image" src="${escapeHtml(src)}" alt="${alt}" width="${layout.width}" ` +
    `height="${layout.height}"${sources.length > 0 ? ` sizes="${sizes}"` : ''} ${loading}/>` +
    '</picture></span>'
  );
}
