import type { RouterOutputs } from '../../lib/router-types';

export type AdminUser = RouterOutputs['accounts']['users']['list']['data'][number];
export type UserRecipe = RouterOutputs['recipes']['byUser']['results']['data'][number];
