/** Spec §9: the Recipe button scrolls after about 100 ms when it first has to go home. */
export const RECIPE_SCROLL_DELAY_MS = 100;

/** The home page's recipe list carries this id. */
export const RECIPES_SECTION_ID = 'recipes';

export function scrollToRecipes() {
  document
    .getElementById(RECIPES_SECTION_ID)
    ?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}
