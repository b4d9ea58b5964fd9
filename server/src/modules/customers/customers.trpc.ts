import {
  customerInput,
  customerReferenceInput,
  customerUpdateInput,
} from '@recipehub/openapi/schemas/customers';
import { accessProcedure, accessQuery } from '../../trpc/access-procedure.js';
import { router } from '../../trpc/trpc.js';
import { VALIDATION_DETAIL } from '../shared/sql.js';
import {
  CREATE_CUSTOMER_ACCESS,
  DELETE_CUSTOMER_ACCESS,
  LIST_CUSTOMERS_ACCESS,
  UPDATE_CUSTOMER_ACCESS,
  createCustomer,
  deleteCustomer,
  listCustomers,
  updateCustomer,
} from './customers.js';

const form = { validationMessage: VALIDATION_DETAIL };

/** leftovers.customers.*: the leftover customer calls of REST (customers.rest.ts). */
export const customersRouter = router({
  list: accessQuery(LIST_CUSTOMERS_ACCESS).query(({ ctx }) => listCustomers(ctx.deps, ctx.viewer)),
  create: accessProcedure(CREATE_CUSTOMER_ACCESS, customerInput, form).mutation(({ ctx, input }) =>
    createCustomer(ctx.deps, ctx.viewer, input),
  ),
  update: accessProcedure(UPDATE_CUSTOMER_ACCESS, customerUpdateInput, form).mutation(
    ({ ctx, input }) => updateCustomer(ctx.deps, ctx.viewer, input),
  ),
  delete: accessProcedure(DELETE_CUSTOMER_ACCESS, customerReferenceInput).mutation(
    async ({ ctx, input }) => {
      await deleteCustomer(ctx.deps, ctx.viewer, input.id);
      return null;
    },
  ),
});
