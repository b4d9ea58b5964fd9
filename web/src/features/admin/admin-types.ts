import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@recipehub/server/app-router';

type Outputs = inferRouterOutputs<AppRouter>;

export type AdminUser = Outputs['accounts']['users']['list']['data'][number];
export type UserRecipe = Outputs['recipes']['byUser']['results']['data'][number];
