import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@recipehub/server/app-router';

type Outputs = inferRouterOutputs<AppRouter>;
export type DashboardRecipe = Outputs['recipes']['list']['results'][number];
export type Category = Outputs['categories']['list'][number];

/** Spec §9: 10 recipes per page; pages = count / 10 rounded up, at least 1. */
export const RECIPES_PER_PAGE = 10;
export const pageCount = (count: number) => Math.max(1, Math.ceil(count / RECIPES_PER_PAGE));

export type DashboardTab = 'my' | 'saved';
