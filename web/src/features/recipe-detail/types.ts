import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@recipehub/server/app-router';

type Outputs = inferRouterOutputs<AppRouter>;

export type RecipeDetail = Outputs['recipes']['get'];
export type Review = Outputs['reviews']['list'][number];
export type ReactionType = NonNullable<RecipeDetail['user_reaction']>;

export const personName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();
