import { contactInput } from '@recipehub/openapi/schemas/contact';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../errors/field-errors.js';
import type { ServiceDeps } from '../shared/service-deps.js';
import { admit, requireAccess } from '../../auth/access.js';
import {
  CONTACT_FAILED,
  CREATE_CONTACT_MESSAGE_ACCESS,
  LIST_CONTACT_MESSAGES_ACCESS,
  createContactMessage,
  listContactMessages,
} from './contact.js';

/** The contact form (public) and the admin's list of its messages; errors are problem details. */
export async function contactRoutes(app: FastifyInstance, deps: ServiceDeps) {
  app.post('/api/contact/', async (request, reply) => {
    const input = admit(CREATE_CONTACT_MESSAGE_ACCESS, request.viewer, () =>
      parseInput(contactInput, request.body, CONTACT_FAILED),
    );
    return reply.status(201).send(await createContactMessage(deps, input, { ip: request.ip }));
  });

  app.get('/api/contact/messages/', async (request, reply) => {
    requireAccess(LIST_CONTACT_MESSAGES_ACCESS, request.viewer);
    const messages = await listContactMessages(deps, request.viewer);
    return reply.header('cache-control', 'no-store').send(messages);
  });
}
