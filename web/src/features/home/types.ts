import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@recipehub/server/app-router';

type Outputs = inferRouterOutputs<AppRouter>;

export type RecipePage = Outputs['recipes']['list'];
export type RecipeSummary = RecipePage['results'][number];
export type Category = Outputs['categories']['list'][number];

/** "Nusrat Jahan"; an author without a name (deleted account) has none. */
export function authorName(user: RecipeSummary['user']): string | null {
  return `${user.firstName} ${user.lastName}`.trim() || null;
}
