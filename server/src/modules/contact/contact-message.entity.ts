import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const ContactMessage = defineEntity({
  name: 'ContactMessage',
  tableName: 'contact_message',
  properties: {
    id: p.integer().primary(),
    name: p.string().length(150),
    email: p.string().length(254),
    message: p.text(),
    // The admin page lists messages newest first.
    createdAt: p
      .datetime(3)
      .onCreate(() => new Date())
      .index(),
  },
});

export type ContactMessage = InferEntity<typeof ContactMessage>;
