import {
  customerInput,
  customerReferenceInput,
  customerUpdateInput,
} from '@recipehub/openapi/schemas/customers';
import {
  createCustomer,
  deleteCustomer,
  listCustomers,
  updateCustomer,
} from '../../modules/customers/customers.js';
import { listProducts } from '../../modules/products/products.js';
import { VALIDATION_DETAIL } from '../../modules/shared/sql.js';
import { adminProcedure, authedProcedure, router } from '../trpc.js';

const form = { validationMessage: VALIDATION_DETAIL };

/** The leftover customer and product calls, as on REST: lists for members, writes for Admins. */
export const leftoversRouter = router({
  customers: router({
    list: authedProcedure.query(({ ctx }) => listCustomers(ctx.deps, ctx.viewer)),
    create: adminProcedure
      .meta(form)
      .input(customerInput)
      .mutation(({ ctx, input }) => createCustomer(ctx.deps, ctx.viewer, input)),
    update: adminProcedure
      .meta(form)
      .input(customerUpdateInput)
      .mutation(({ ctx, input }) => updateCustomer(ctx.deps, ctx.viewer, input)),
    delete: adminProcedure.input(customerReferenceInput).mutation(async ({ ctx, input }) => {
      await deleteCustomer(ctx.deps, ctx.viewer, input.id);
      return null;
    }),
  }),
  products: router({
    list: authedProcedure.query(({ ctx }) => listProducts(ctx.deps, ctx.viewer)),
  }),
});
