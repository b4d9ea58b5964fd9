import type { RouterOutputs } from '../../lib/router-types';

export type DashboardRecipe = RouterOutputs['recipes']['list']['results'][number];
export type Category = RouterOutputs['categories']['list'][number];

/** Spec §9: 10 recipes per page; pages = count / 10 rounded up, at least 1. */
export const RECIPES_PER_PAGE = 10;
export const pageCount = (count: number) => Math.max(1, Math.ceil(count / RECIPES_PER_PAGE));

export type DashboardTab = 'my' | 'saved';
