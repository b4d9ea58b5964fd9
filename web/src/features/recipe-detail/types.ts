import type { RouterOutputs } from '../../lib/router-types';

export type RecipeDetail = RouterOutputs['recipes']['get'];
export type Review = RouterOutputs['reviews']['list'][number];
export type ReactionType = NonNullable<RecipeDetail['user_reaction']>;

export const personName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();
