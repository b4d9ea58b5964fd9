import { authorName } from '@recipehub/openapi/recipe-json-ld';
import type { RecipeData } from '../recipes/data/recipe-read.js';
import { escapeHtml } from './html-text.js';
import { recipePictureHtml } from './picture-html.js';
import {
  CARD_CALENDAR_ICON,
  CARD_USER_ICON,
  CHEVRON_LEFT_ICON,
  CHEVRON_RIGHT_ICON,
} from './recipe-page-icons.js';

/*
 * The home page's trending slider as HTML: what web/'s TrendingSection renders (ui's
 * TrendingSlider with one ui RecipeCard per recipe) before its carousel script has started,
 * element for element and class for class, so the first card's photo, the page's largest
 * element, paints from the HTML instead of after the app's script, the home sections' chunk and
 * the trending read (LCP 0.7 s locally and 2.4 s throttled, 2026-11-24). The app replaces it
 * with its own render once it has both; the two lay out alike (no shift) and name the same image
 * files (no second download). tests/unit/home-trending-markup.test.ts compares this with React's
 * render of the same recipes (up to the slides it leaves out). Every value from a recipe is escaped (html-text.ts).
 */

/** ui's RecipeCard: its picture's default `sizes` (the home grids') and intrinsic size. */
export const TRENDING_CARD_SIZES = '(min-width: 64rem) 20rem, (min-width: 40rem) 50vw, 100vw';
const CARD_WIDTH = 400;
const CARD_HEIGHT = 180;

/*
 * The slides the HTML holds: as many as the slider shows at once (3 from 1024 px wide, ui's
 * trending-slider.css); the others are off screen (the slider's viewport hides its overflow) and
 * arrive with the app's render. Each card is about 7 kB of HTML, 4.2 kB of it its placeholder's
 * PNG: with all ten seeded ones `/` was 28.2 kB brotli (74.6 kB plain) instead of the prerendered
 * page's 1.1 kB, about 0.14 s more at 1.6 Mbps before anything else could arrive.
 */
const SLIDES_IN_HTML = 3;

/** The slider's heading id: the app's render has its own (React's useId), nothing points here. */
const HEADING_ID = 'home-trending-heading';

/** Same rendering as ui/src/format.ts formatDate: the spec shows times in Asia/Dhaka. */
const dateFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeZone: 'Asia/Dhaka',
});

/** ui's RecipeCard with web/'s home content (features/home/types.ts cardContent), linked by the router. */
function cardHtml(recipe: RecipeData, first: boolean): string {
  const title = escapeHtml(recipe.title);
  const categories = recipe.category_names.length > 0 ? recipe.category_names : ['Uncategorized'];
  const created = escapeHtml(recipe.created_on);
  return (
    '<article class="rh-recipe-card home-trending__card">' +
    recipePictureHtml(recipe, {
      className: 'rh-recipe-card__image',
      alt: '',
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      sizes: TRENDING_CARD_SIZES,
      priority: first,
    }) +
    `<div class="rh-recipe-card__body"><h3 class="rh-recipe-card__title">${title}</h3>` +
    '<ul class="rh-recipe-card__categories" aria-label="Categories">' +
    categories
      .map((name) => `<li class="rh-recipe-card__category">${escapeHtml(name)}</li>`)
      .join('') +
    '</ul>' +
    `<p class="rh-recipe-card__meta">${CARD_USER_ICON} ${escapeHtml(authorName(recipe.user))}</p>` +
    `<p class="rh-recipe-card__meta">${CARD_CALENDAR_ICON} Shared on ` +
    `<time datetime="${created}">${escapeHtml(dateFormat.format(new Date(recipe.created_on)))}</time></p>` +
    '<div class="rh-recipe-card__action">' +
    `<a data-variant="primary" data-size="md" class="rh-button" href="/recipes/${recipe.id}" data-discover="true">` +
    `View Full Recipe<span class="rh-visually-hidden">: ${title}</span></a></div>` +
    '</div></article>'
  );
}

const arrowButton = (label: string, icon: string) =>
  `<button type="button" data-variant="secondary" data-size="icon" class="rh-button" aria-label="${label}">${icon}</button>`;

/**
 * web/ features/home/trending-section.tsx for these recipes, its first SLIDES_IN_HTML slides (each
 * labelled among all of them); empty for none (the page shows no slider).
 */
export function trendingSectionHtml(recipes: readonly RecipeData[]): string {
  if (recipes.length === 0) return '';
  return (
    '<div class="home-trending">' +
    `<section class="rh-slider" aria-roledescription="carousel" aria-labelledby="${HEADING_ID}">` +
    `<div class="rh-slider__header"><h2 id="${HEADING_ID}" class="rh-slider__title">Trending Recipes</h2>` +
    '<div class="rh-slider__controls">' +
    arrowButton('Previous slide', CHEVRON_LEFT_ICON) +
    arrowButton('Next slide', CHEVRON_RIGHT_ICON) +
    '</div></div>' +
    '<div class="rh-slider__viewport"><div class="rh-slider__container">' +
    recipes
      .slice(0, SLIDES_IN_HTML)
      .map(
        (recipe, index) =>
          '<div class="rh-slider__slide" role="group" aria-roledescription="slide" ' +
          `aria-label="${index + 1} of ${recipes.length}">${cardHtml(recipe, index === 0)}</div>`,
      )
      .join('') +
    '</div></div></section></div>'
  );
}
