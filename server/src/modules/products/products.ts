import { memberAccess, requireAccess } from '../../auth/access.js';
import { type Viewer } from '../../auth/viewer.js';
import type { ServiceDeps } from '../shared/service-deps.js';
import { Product } from './product.entity.js';

export interface ProductData {
  id: number;
  name: string;
  price: number;
  image: string | null;
}

export const LIST_PRODUCTS_ACCESS = memberAccess();

/**
 * Every product, by name (any logged-in member, like the customer list). The contract has no product writes (the spec lists only this
 * call); prices are stored as exact decimals and answered as numbers with two decimals at most.
 */
export async function listProducts(
  deps: ServiceDeps,
  viewer: Viewer | null,
): Promise<ProductData[]> {
  requireAccess(LIST_PRODUCTS_ACCESS, viewer);
  const products = await deps.orm.em
    .fork()
    .find(Product, {}, { orderBy: { name: 'asc', id: 'asc' } });
  return products.map((product) => ({
    id: product.id,
    name: product.name,
    price: Number(product.price),
    image: product.image ?? null,
  }));
}
