import type { DashboardTab } from './types';

/** How long the category names are taken as fresh (they change when an Admin edits them). */
export const CATEGORIES_STALE_MS = 5 * 60_000;

/**
 * The dashboard list call's input for a list state: the same object for the page's hook and the
 * prefetch that starts when the dashboard is the page landed on (app/dashboard-prefetch.ts), so
 * the hook finds that read under its key.
 */
export function dashboardListInput(
  tab: DashboardTab,
  page: number,
  search: string,
  categoryIds: readonly number[],
) {
  return {
    page,
    categories: categoryIds.join(','),
    search,
    // An Admin's My Recipes is every recipe: the server decides (spec §6).
    ...(tab === 'my' ? { my_recipes: true } : { saved_recipes: true }),
  };
}
