/** Spec §9: the Recipe button scrolls after about 100 ms when it first has to go home. */
const RECIPE_SCROLL_DELAY_MS = 100;

/** How long, after that delay, the list may take to appear (a slow device, a busy tab). */
const WAIT_FOR_LIST_MS = 3_000;

/** The home page's recipe list carries this id. */
export const RECIPES_SECTION_ID = 'recipes';

export function scrollToRecipes() {
  document
    .getElementById(RECIPES_SECTION_ID)
    ?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

/**
 * From another page: the app goes home first, then scrolls after the spec's 100 ms, or as soon
 * after as the home page has rendered its list (on a loaded machine it can take longer, and a
 * scroll to a list that is not there yet would silently do nothing).
 */
export function scrollToRecipesOnceShown() {
  let deadline = 0;
  const attempt = () => {
    if (document.getElementById(RECIPES_SECTION_ID)) scrollToRecipes();
    else if (performance.now() < deadline) window.requestAnimationFrame(attempt);
  };
  window.setTimeout(() => {
    deadline = performance.now() + WAIT_FOR_LIST_MS;
    attempt();
  }, RECIPE_SCROLL_DELAY_MS);
}
