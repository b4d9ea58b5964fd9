import type { RouterOutputs } from '../../lib/router-types';

export type Customer = RouterOutputs['leftovers']['customers']['list'][number];
export type Product = RouterOutputs['leftovers']['products']['list'][number];
export type Category = RouterOutputs['categories']['list'][number];
