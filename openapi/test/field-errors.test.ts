import { describe, expect, it } from 'vitest';
import { firstFieldMessages, formFieldErrors, issuesToFieldErrors } from '../src/field-errors.js';

describe('issuesToFieldErrors', () => {
  it('keys each message by its dotted path, without repeating a message', () => {
    expect(
      issuesToFieldErrors([
        { message: 'Age must be between 0 and 150.', path: ['profile', 'age'] },
        { message: 'Title is required', path: ['title'] },
        { message: 'Title is required', path: ['title'] },
        { message: 'Category id must be a positive whole number.', path: ['category_ids', 0] },
      ]),
    ).toEqual({
      'profile.age': ['Age must be between 0 and 150.'],
      title: ['Title is required'],
      'category_ids.0': ['Category id must be a positive whole number.'],
    });
  });

  it('reads Standard Schema path segments ({ key }) as zod paths', () => {
    expect(issuesToFieldErrors([{ message: 'M', path: [{ key: 'email' }] }])).toEqual({
      email: ['M'],
    });
  });

  it('puts an issue without a path under body', () => {
    expect(issuesToFieldErrors([{ message: 'Give a rating or a review text to change.' }])).toEqual(
      { body: ['Give a rating or a review text to change.'] },
    );
  });
});

describe('firstFieldMessages', () => {
  it('gives each form field its first message, list positions and parents dropped', () => {
    expect(
      firstFieldMessages({
        'profile.age': ['A', 'B'],
        'category_ids.0': ['C'],
        'category_ids.1': ['D'],
        email: ['E'],
      }),
    ).toEqual({ age: 'A', category_ids: 'C', email: 'E' });
  });

  it('gives nothing for no errors', () => {
    expect(firstFieldMessages({})).toEqual({});
    expect(formFieldErrors([])).toEqual({});
  });
});
