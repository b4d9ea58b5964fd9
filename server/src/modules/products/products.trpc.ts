import { accessQuery } from '../../trpc/access-procedure.js';
import { router } from '../../trpc/trpc.js';
import { LIST_PRODUCTS_ACCESS, listProducts } from './products.js';

/** leftovers.products.list: the tRPC face of listProducts. */
export const productsRouter = router({
  list: accessQuery(LIST_PRODUCTS_ACCESS).query(({ ctx }) => listProducts(ctx.deps, ctx.viewer)),
});
