/** Spec §8 texts of the home page, shared by the eager route and its lazy sections. */
export const TRENDING_FAILED = 'Failed to load trending recipes.';
export const CATEGORIES_FAILED = 'Failed to load categories.';
export const FETCH_FAILED = 'Failed to fetch recipes.';
export const NO_RECIPES = 'No recipes found for this filter.';
