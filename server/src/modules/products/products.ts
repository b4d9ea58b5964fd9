import { memberAccess } from '../../auth/access.js';
import { defineUseCase, NO_INPUT } from '../../auth/use-case.js';
import { Product } from './product.entity.js';

export interface ProductData {
  id: number;
  name: string;
  price: number;
  image: string | null;
}

/**
 * Every product, by name (any logged-in member, like the customer list). The contract has no product writes (the spec lists only this
 * call); prices are stored as exact decimals and answered as numbers with two decimals at most.
 */
export const listProducts = defineUseCase({
  access: memberAccess(),
  input: NO_INPUT,
  rest: { method: 'GET', path: '/api/list-product', read: () => undefined },
  trpc: { kind: 'query' },
  async handle(deps): Promise<ProductData[]> {
    const products = await deps.orm.em
      .fork()
      .find(Product, {}, { orderBy: { name: 'asc', id: 'asc' } });
    return products.map((product) => ({
      id: product.id,
      name: product.name,
      price: Number(product.price),
      image: product.image ?? null,
    }));
  },
});

/** `leftovers.products.list`, GET /api/list-product. */
export const PRODUCT_USE_CASES = { list: listProducts };
