import type { ContactInput } from '@recipehub/openapi/schemas/contact';
import { requireAdmin, type Viewer } from '../accounts/viewer.js';
import type { RequestMeta, ServiceDeps } from '../service-deps.js';
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

/** Every contact message, newest first (Admin only). */
export async function listContactMessages(
  deps: ServiceDeps,
  viewer: Viewer | null,
): Promise<ContactMessageData[]> {
  requireAdmin(viewer, MESSAGES_FORBIDDEN);
  const messages = await deps.orm.em
    .fork()
    .find(ContactMessage, {}, { orderBy: { createdAt: 'desc', id: 'desc' } });
  return messages.map(toData);
}
