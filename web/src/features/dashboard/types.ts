import type { RouterOutputs } from '../../lib/router-types';

export type DashboardRecipe = RouterOutputs['recipes']['list']['results'][number];
export type Category = RouterOutputs['categories']['list'][number];

export type DashboardTab = 'my' | 'saved';
