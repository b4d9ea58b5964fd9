/**
 * What the recipe calls answer when something is not there or not allowed, in one place (the
 * validation texts are the contract's, openapi/src/messages.ts, beside its schemas).
 */
export const RECIPE_NOT_FOUND = 'No recipe found.';
/** A list page past the last (page 1 always exists). */
export const PAGE_NOT_FOUND = 'Invalid page.';
export const UPDATE_FORBIDDEN = 'You do not have permission to update this recipe.';
export const DELETE_FORBIDDEN = 'You do not have permission to delete this recipe.';
/** The list query asks for both of a member's lists at once. */
export const BOTH_LISTS = 'Choose either my_recipes or saved_recipes, not both.';
