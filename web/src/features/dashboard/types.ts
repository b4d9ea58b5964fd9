import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@recipehub/server/app-router';

type Outputs = inferRouterOutputs<AppRouter>;
export type DashboardRecipe = Outputs['recipes']['list']['results'][number];
export type Category = Outputs['categories']['list'][number];

export type DashboardTab = 'my' | 'saved';
