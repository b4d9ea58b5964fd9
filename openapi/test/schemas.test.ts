import { describe, expect, it } from 'vitest';
import { formFieldErrors } from '../src/field-errors.js';
import { isHttpUrl } from '../src/http-url.js';
import { profileUpdateInput, registerInput } from '../src/schemas/accounts.js';
import { contactInput } from '../src/schemas/contact.js';
import { customerInput } from '../src/schemas/customers.js';
import { recipeInput } from '../src/schemas/recipes.js';

/** What a form shows beside each field for this input (nothing when it passes). */
function shown(schema: { safeParse: (data: unknown) => unknown }, data: unknown) {
  const result = schema.safeParse(data) as
    | { success: true }
    | { success: false; error: { issues: { message: string; path: PropertyKey[] }[] } };
  return result.success ? {} : formFieldErrors(result.error.issues);
}

describe('registerInput', () => {
  it('says the spec texts for empty fields (section 5)', () => {
    expect(shown(registerInput, { email: '', firstName: ' ', lastName: '', password: '' })).toEqual(
      {
        email: 'Email is required',
        firstName: 'First Name is required',
        lastName: 'Last Name is required',
        password: 'Password is required',
      },
    );
  });

  it('says the spec text for a short password, and refuses the commonest ones', () => {
    const base = { email: 'a@b.example', firstName: 'A', lastName: 'B' };
    expect(shown(registerInput, { ...base, password: 'short' })).toEqual({
      password: 'Password must be at least 8 characters',
    });
    expect(shown(registerInput, { ...base, password: 'Password123' })).toEqual({
      password: 'This password is too common.',
    });
    expect(shown(registerInput, { ...base, password: 'saffron-and-cardamom' })).toEqual({});
  });

  it('trims and lower-cases the email it hands on', () => {
    const parsed = registerInput.parse({
      email: ' Cook@Example.COM ',
      firstName: 'A',
      lastName: 'B',
      password: 'saffron-and-cardamom',
      mobile: '',
    });
    expect(parsed.email).toBe('cook@example.com');
    expect(parsed.mobile).toBeNull();
  });
});

describe('profileUpdateInput', () => {
  it.each([
    [-1, 'Age must be between 0 and 150.'],
    [151, 'Age must be between 0 and 150.'],
    [1.5, 'Age must be a whole number.'],
    [Number.NaN, 'Age must be a whole number.'],
  ])('refuses age %s with the server text', (age, message) => {
    expect(shown(profileUpdateInput, { profile: { age } })).toEqual({ age: message });
  });

  it('refuses a link without http(s):// and keeps a blank one', () => {
    expect(shown(profileUpdateInput, { profile: { portfolio: 'example.com' } })).toEqual({
      portfolio: 'Portfolio must be a link starting with http:// or https://.',
    });
    expect(shown(profileUpdateInput, { profile: { facebook: '' } })).toEqual({});
  });

  it('keeps the password when blank and checks it otherwise', () => {
    expect(shown(profileUpdateInput, { password: '' })).toEqual({});
    expect(shown(profileUpdateInput, { password: 'short' })).toEqual({
      password: 'Password must be at least 8 characters',
    });
  });
});

describe('recipeInput', () => {
  const recipe = { title: 'Dal', ingredients: '1 cup lentils', instructions: 'Boil.' };

  it('says the spec texts for a missing category and a bad image link', () => {
    expect(shown(recipeInput, { ...recipe, img: 'not a link', category_ids: [] })).toEqual({
      img: 'Please provide a valid image URL.',
      category_ids: 'Please select at least one category.',
    });
  });

  it('reads a blank image as none and drops repeated categories', () => {
    const parsed = recipeInput.parse({ ...recipe, img: ' ', category_ids: [2, 2, 3] });
    expect(parsed.img).toBeNull();
    expect(parsed.category_ids).toEqual([2, 3]);
  });
});

describe('contactInput and customerInput', () => {
  it('say the same texts for the same fields', () => {
    expect(shown(contactInput, { name: '', email: 'nope', message: '' })).toEqual({
      name: 'Name is required',
      email: 'Enter a valid email address.',
      message: 'Message is required',
    });
    expect(shown(customerInput, { name: '', email: '', mobile: '' })).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      mobile: 'Mobile is required',
    });
  });

  it('refuses a line break in a single-line field', () => {
    expect(shown(contactInput, { name: 'A\nB', email: 'a@b.example', message: 'Hi' })).toEqual({
      name: 'Name must not contain line breaks or control characters.',
    });
  });
});

describe('isHttpUrl', () => {
  it.each(['http://example.com', 'https://example.com/a?b=c', 'HTTPS://EXAMPLE.COM'])(
    'accepts %s',
    (link) => expect(isHttpUrl(link)).toBe(true),
  );
  it.each(['ftp://example.com', 'example.com', 'http:example.com', 'https://a b.com', 'http://'])(
    'refuses %s',
    (link) => expect(isHttpUrl(link)).toBe(false),
  );
});
