import { adminAccess, PUBLIC_ACCESS } from '../../auth/access.js';
import { defineUseCase, fromBody, NO_INPUT } from '../../auth/use-case.js';
import { contactInput } from '@recipehub/openapi/schemas/contact';
import { ContactMessage } from './contact-message.entity.js';

export const MESSAGE_SENT = 'Message sent successfully!';
export const CONTACT_FAILED = 'Please fix the highlighted fields.';
export const MESSAGES_FORBIDDEN = 'You do not have permission to view this page.';

export interface ContactMessageData {
  id: number;
  name: string;
  email: string;
  message: string;
  created_at: string;
}

function toData(message: ContactMessage): ContactMessageData {
  return {
    id: message.id,
    name: message.name,
    email: message.email,
    message: message.message,
    created_at: message.createdAt.toISOString(),
  };
}

/** Stores a message from the public contact form (rate-limited per IP). */
export const createContactMessage = defineUseCase({
  access: PUBLIC_ACCESS,
  input: contactInput,
  rest: {
    method: 'POST',
    path: '/api/contact/',
    status: 201,
    read: fromBody(contactInput, CONTACT_FAILED),
  },
  trpc: { kind: 'mutation', validationMessage: CONTACT_FAILED },
  async handle(
    deps,
    _viewer,
    input,
    meta,
  ): Promise<{ message: typeof MESSAGE_SENT; data: ContactMessageData }> {
    await deps.limiter.hit('contact', { ip: meta.ip, subject: input.email });
    const em = deps.orm.em.fork();
    const message = em.create(ContactMessage, input);
    await em.flush();
    return { message: MESSAGE_SENT, data: toData(message) };
  },
});

/** Every contact message, newest first (Admin only, with the messages page's own wording). */
export const listContactMessages = defineUseCase({
  access: adminAccess(['login', 'input', 'role'], MESSAGES_FORBIDDEN),
  input: NO_INPUT,
  rest: {
    method: 'GET',
    path: '/api/contact/messages/',
    read: () => undefined,
    headers: { 'cache-control': 'no-store' },
  },
  trpc: { kind: 'query' },
  async handle(deps): Promise<ContactMessageData[]> {
    const messages = await deps.orm.em
      .fork()
      .find(ContactMessage, {}, { orderBy: { createdAt: 'desc', id: 'desc' } });
    return messages.map(toData);
  },
});

/** The contact calls, as tRPC names them (`contact.*`); REST takes each one's path. */
export const CONTACT_USE_CASES = { create: createContactMessage, list: listContactMessages };
