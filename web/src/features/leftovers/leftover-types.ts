import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@recipehub/server/app-router';

type Outputs = inferRouterOutputs<AppRouter>;

export type Customer = Outputs['leftovers']['customers']['list'][number];
export type Product = Outputs['leftovers']['products']['list'][number];
export type Category = Outputs['categories']['list'][number];
