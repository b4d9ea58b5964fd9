import { authorName } from '@recipehub/openapi/recipe-json-ld';
import type { CategoryData } from '../categories/categories.js';
import type { RecipeData } from '../recipes/data/recipe-read.js';
import { escapeHtml } from './html-text.js';
import { recipePictureHtml } from './picture-html.js';

/*
 * The dashboard's filters and My Recipes list as HTML: what web/'s DashboardPage renders inside
 * its `<div class="dash-lists">` once its two reads have answered (RecipeListFilters, then the
 * tabs' panels with one DashboardRecipeCard per recipe), element for element and class for class,
 * so the first card's photo, the page's largest element, paints from the HTML (web/ lib/
 * dashboard-first-paint.ts). The app swaps in its own render once it has both reads; the two lay
 * out alike (no shift) and name the same image files (no second download).
 * tests/unit/dashboard-first-paint-markup.test.tsx compares this with React's render of the
 * same data (ids aside: React makes its own with useId). Every value from the database is
 * escaped (html-text.ts).
 */

/** web/ features/dashboard/dashboard-card-sizes.ts: the card's photo's `sizes`. */
export const DASHBOARD_CARD_SIZES = '(min-width: 64rem) 20rem, (min-width: 40rem) 50vw, 100vw';
const CARD_WIDTH = 400;
const CARD_HEIGHT = 180;

/*
 * The cards the HTML holds: two rows of the widest grid (three cards a row at 1280 px), more than
 * a first screen shows at 390 or 1280 px; the rest of the page (up to 10 cards, the pagination)
 * arrives with the app's render, below them. A card with its ThumbHash placeholder is about
 * 5 kB of HTML, most of it the placeholder's PNG.
 */
export const CARDS_IN_HTML = 6;

/** Same rendering as ui/src/format.ts formatDate: the spec shows times in Asia/Dhaka. */
const dateFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeZone: 'Asia/Dhaka',
});

/** lucide's Search icon as React renders it in ui's SearchBox. */
const SEARCH_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" width="18" height="18" viewBox="0 0 24 24" fill="none" ' +
  'stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" ' +
  'class="lucide lucide-search rh-search-box__icon" aria-hidden="true">' +
  '<path d="m21 21-4.34-4.34"></path><circle cx="11" cy="11" r="8"></circle></svg>';

/** Radix's hidden input beside each checkbox (it keeps the form value), as React writes it. */
const BUBBLE_INPUT =
  '<input type="checkbox" aria-hidden="true" tabindex="-1" style="position:absolute;' +
  'pointer-events:none;opacity:0;margin:0;transform:translateX(-100%)" value="on"/>';

/** web/'s RecipeListFilters (ui's SearchBox and CheckboxGroup) with nothing searched or ticked. */
function filtersHtml(categories: readonly CategoryData[]): string {
  const checkbox = (category: CategoryData) => {
    const id = `dashboard-category-${category.id}`;
    return (
      '<div class="rh-checkbox"><button type="button" role="checkbox" aria-checked="false" ' +
      `data-state="unchecked" value="on" id="${id}" class="rh-checkbox__box"></button>` +
      `${BUBBLE_INPUT}<label for="${id}">${escapeHtml(category.name)}</label></div>`
    );
  };
  return (
    '<div class="dash-filters"><div class="rh-search-box" role="search">' +
    `<div class="rh-search-box__field">${SEARCH_ICON}<input type="search" ` +
    'class="rh-search-box__input" aria-label="Search recipes" placeholder="Search recipes…" value=""/></div>' +
    '<button type="button" data-variant="secondary" data-size="md" class="rh-button" disabled="">Clear</button></div>' +
    '<fieldset class="rh-checkbox-group" data-orientation="horizontal">' +
    '<legend class="rh-checkbox-group__legend">Categories</legend><div class="rh-checkbox-group__list">' +
    categories.map(checkbox).join('') +
    '</div></fieldset></div>'
  );
}

const hidden = (title: string) => `<span class="rh-visually-hidden">: ${title}</span>`;

/** web/'s MyRecipeCard: View, and Edit and Delete when the member may (their dialogs closed). */
function cardHtml(recipe: RecipeData, first: boolean): string {
  const title = escapeHtml(recipe.title);
  const categories = recipe.category_names.length > 0 ? recipe.category_names : ['Uncategorized'];
  const created = escapeHtml(recipe.created_on);
  const edit = recipe.can_edit
    ? `<button type="button" data-variant="primary" data-size="sm" class="rh-button">Edit${hidden(title)}</button>` +
      `<button type="button" data-variant="danger" data-size="sm" class="rh-button">Delete${hidden(title)}</button>`
    : '';
  return (
    '<li><article class="dash-card">' +
    recipePictureHtml(recipe, {
      className: 'dash-card__image',
      alt: '',
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      sizes: DASHBOARD_CARD_SIZES,
      priority: first,
    }) +
    `<div class="dash-card__body"><h3 class="dash-card__title">${title}</h3>` +
    '<ul class="dash-card__categories" aria-label="Categories">' +
    categories.map((name) => `<li>${escapeHtml(name)}</li>`).join('') +
    '</ul>' +
    `<p class="dash-card__meta">By ${escapeHtml(authorName(recipe.user))} · ` +
    `<time datetime="${created}">${escapeHtml(dateFormat.format(new Date(recipe.created_on)))}</time></p>` +
    '<div class="dash-card__actions">' +
    `<a data-variant="secondary" data-size="sm" class="rh-button" href="/recipes/${recipe.id}" data-discover="true">View${hidden(title)}</a>` +
    `${edit}</div></div></article></li>`
  );
}

/**
 * The inside of the dashboard's `<div class="dash-lists">` for the member's categories and first
 * page of My Recipes: the filters, the active panel with the first CARDS_IN_HTML cards (the
 * first one's photo eager and high priority) and the Saved Recipes panel, hidden and empty.
 * `tabsId` is the prerendered tabs' id (their panels are named after it, as Radix does).
 * Empty for no recipes: the page then renders itself, as before.
 */
export function dashboardListsHtml(
  categories: readonly CategoryData[],
  recipes: readonly RecipeData[],
  tabsId: string,
): string {
  if (recipes.length === 0) return '';
  const id = escapeHtml(tabsId);
  return (
    filtersHtml(categories) +
    `<div data-state="active" data-orientation="horizontal" role="tabpanel" aria-labelledby="${id}-trigger-my" ` +
    `id="${id}-content-my" tabindex="0" class="rh-tabs__content" style="animation-duration:0s">` +
    '<h2 class="rh-visually-hidden">My Recipes</h2><ul class="dash-grid">' +
    recipes
      .slice(0, CARDS_IN_HTML)
      .map((recipe, index) => cardHtml(recipe, index === 0))
      .join('') +
    '</ul></div>' +
    `<div data-state="inactive" data-orientation="horizontal" role="tabpanel" aria-labelledby="${id}-trigger-saved" ` +
    `hidden="" id="${id}-content-saved" tabindex="0" class="rh-tabs__content"></div>`
  );
}
