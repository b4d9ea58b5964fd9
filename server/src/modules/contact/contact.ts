import { adminAccess, PUBLIC_ACCESS, requireAccess } from '../../auth/access.js';
import type { ContactInput } from '@recipehub/openapi/schemas/contact';
import { type Viewer } from '../../auth/viewer.js';
import type { RequestMeta, ServiceDeps } from '../shared/service-deps.js';
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

export const CREATE_CONTACT_MESSAGE_ACCESS = PUBLIC_ACCESS;

/** Stores a message from the public contact form (rate-limited per IP). */
export async function createContactMessage(
  deps: ServiceDeps,
  input: ContactInput,
  meta: RequestMeta,
): Promise<{ message: typeof MESSAGE_SENT; data: ContactMessageData }> {
  await deps.limiter.hit('contact', { ip: meta.ip, subject: input.email });
  const em = deps.orm.em.fork();
  const message = em.create(ContactMessage, input);
  await em.flush();
  return { message: MESSAGE_SENT, data: toData(message) };
}

export const LIST_CONTACT_MESSAGES_ACCESS = adminAccess(
  ['login', 'input', 'role'],
  MESSAGES_FORBIDDEN,
);

/** Every contact message, newest first (Admin only). */
export async function listContactMessages(
  deps: ServiceDeps,
  viewer: Viewer | null,
): Promise<ContactMessageData[]> {
  requireAccess(LIST_CONTACT_MESSAGES_ACCESS, viewer);
  const messages = await deps.orm.em
    .fork()
    .find(ContactMessage, {}, { orderBy: { createdAt: 'desc', id: 'desc' } });
  return messages.map(toData);
}
