import { z } from 'zod';
import { emailField, requiredText } from './fields.js';

/* A visitor's message to the site (the home page's contact form). */

export const contactInput = z.object({
  name: requiredText('Name is required', 100, 'Name must be at most 100 characters.'),
  email: emailField,
  message: requiredText(
    'Message is required',
    5000,
    'Message must be at most 5000 characters.',
    'multiple',
  ),
});
export type ContactInput = z.output<typeof contactInput>;
