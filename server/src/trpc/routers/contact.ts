import { contactInput } from '@recipehub/openapi/schemas/contact';
import {
  CONTACT_FAILED,
  createContactMessage,
  listContactMessages,
} from '../../modules/contact/contact.js';
import { authedProcedure, publicProcedure, router } from '../trpc.js';

export const contactRouter = router({
  create: publicProcedure
    .meta({ validationMessage: CONTACT_FAILED })
    .input(contactInput)
    .mutation(({ ctx, input }) => createContactMessage(ctx.deps, input, { ip: ctx.ip })),
  /** Admin only; the use case says so (with the messages page's own wording). */
  list: authedProcedure.query(({ ctx }) => listContactMessages(ctx.deps, ctx.viewer)),
});
