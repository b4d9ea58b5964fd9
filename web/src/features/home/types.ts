import type { RouterOutputs } from '../../lib/router-types';

export type RecipePage = RouterOutputs['recipes']['list'];
export type RecipeSummary = RecipePage['results'][number];
export type Category = RouterOutputs['categories']['list'][number];

/** "Nusrat Jahan"; an author without a name (deleted account) has none. */
export function authorName(user: RecipeSummary['user']): string | null {
  return `${user.firstName} ${user.lastName}`.trim() || null;
}
