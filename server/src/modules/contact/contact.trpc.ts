import { contactInput } from '@recipehub/openapi/schemas/contact';
import { accessProcedure, accessQuery } from '../../trpc/access-procedure.js';
import { router } from '../../trpc/trpc.js';
import {
  CONTACT_FAILED,
  CREATE_CONTACT_MESSAGE_ACCESS,
  LIST_CONTACT_MESSAGES_ACCESS,
  createContactMessage,
  listContactMessages,
} from './contact.js';

/** contact.*: the contact calls of REST (contact.rest.ts). */
export const contactRouter = router({
  create: accessProcedure(CREATE_CONTACT_MESSAGE_ACCESS, contactInput, {
    validationMessage: CONTACT_FAILED,
  }).mutation(({ ctx, input }) => createContactMessage(ctx.deps, input, { ip: ctx.ip })),
  /** Admin only, with the messages page's own wording. */
  list: accessQuery(LIST_CONTACT_MESSAGES_ACCESS).query(({ ctx }) =>
    listContactMessages(ctx.deps, ctx.viewer),
  ),
});
