import { z } from 'zod';
import { emailField, idSchema, requiredText } from './fields.js';

/* The leftover customer calls' inputs (the admin's customer form). */

export const customerInput = z.object({
  name: requiredText('Name is required', 100, 'Name must be at most 100 characters.'),
  email: emailField,
  mobile: requiredText('Mobile is required', 20, 'Mobile must be at most 20 characters.'),
});
export type CustomerInput = z.output<typeof customerInput>;

/** 1 to 2147483647 (the Id range) in decimal without leading zeros: the document's LegacyId. */
const ID_TEXT =
  /^(?:[1-9][0-9]{0,8}|1[0-9]{9}|20[0-9]{8}|21[0-3][0-9]{7}|214[0-6][0-9]{6}|2147[0-3][0-9]{5}|21474[0-7][0-9]{4}|214748[0-2][0-9]{3}|2147483[0-5][0-9]{2}|21474836[0-3][0-9]|214748364[0-7])$/;

/**
 * The leftover calls' clients are form-based and send ids as text (`"id": "12"`): the same number
 * as text is accepted (LegacyId), anything else gets the id's own message.
 */
const legacyId = (field: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && ID_TEXT.test(value) ? Number(value) : value),
    idSchema(field),
  );

export const customerUpdateInput = customerInput.extend({ id: legacyId('Customer id') });
export type CustomerUpdateInput = z.output<typeof customerUpdateInput>;
export const customerReferenceInput = z.object({ id: legacyId('Customer id') });
