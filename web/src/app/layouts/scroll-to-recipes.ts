/** Spec §9: the Recipe button scrolls after about 100 ms when it first has to go home. */
export const RECIPE_SCROLL_DELAY_MS = 100;

/** The home page's recipe list carries this id. */
export const RECIPES_SECTION_ID = 'recipes';

/**
 * The navigation state the Recipe button sends home with: home, once mounted, scrolls to its list.
 * Scrolling from the button itself would race the home page's code and could find no list yet.
 */
export const SCROLL_TO_RECIPES_STATE = { scrollToRecipes: true } as const;

export function wantsScrollToRecipes(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as { scrollToRecipes?: unknown }).scrollToRecipes === true
  );
}

export function scrollToRecipes() {
  document
    .getElementById(RECIPES_SECTION_ID)
    ?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}
