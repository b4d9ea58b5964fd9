import { z } from 'zod';
import { SERVINGS_RANGE } from '../limits.js';
import { isHttpUrl } from '../http-url.js';
import {
  BAD_IMAGE_URL,
  BAD_SERVINGS,
  BAD_SOURCE_URL,
  NEED_URL,
  NO_CATEGORY,
  PHOTO_NOT_FOUND,
} from '../messages.js';
import { PHOTO_KEY, SINGLE_LINE_TEXT, atMost } from '../text-rules.js';
import { emailField, idSchema, requiredText, text } from './fields.js';

/*
 * The recipe calls' inputs: a recipe to create or update, the list's query, a member's recipes,
 * the import link and a category.
 */

/** An absolute http(s) URL, or null for empty text or null; undefined when left out. */
const httpUrlField = (message: string) =>
  z
    .string({ error: message })
    .regex(SINGLE_LINE_TEXT, message)
    .trim()
    .refine(atMost(2048), message)
    .refine((value) => value === '' || isHttpUrl(value), message)
    .transform((value) => (value === '' ? null : value))
    .nullish();

const imageField = httpUrlField(BAD_IMAGE_URL).transform((value) => value ?? null);

/**
 * Fields added after the original API (issue 16): left out, they stay `undefined`, which create
 * stores as null and update leaves as stored, so a client that never heard of them never erases
 * what a newer client saved.
 */
const servingsField = z
  .number({ error: BAD_SERVINGS })
  .int(BAD_SERVINGS)
  .min(SERVINGS_RANGE.min, BAD_SERVINGS)
  .max(SERVINGS_RANGE.max, BAD_SERVINGS)
  .nullish();
const sourceUrlField = httpUrlField(BAD_SOURCE_URL);

export const recipeInput = z.object({
  title: requiredText('Title is required', 200, 'Title must be at most 200 characters.'),
  ingredients: requiredText(
    'Ingredients are required',
    10_000,
    'Ingredients must be at most 10000 characters.',
    'multiple',
  ),
  instructions: requiredText(
    'Instructions are required',
    20_000,
    'Instructions must be at most 20000 characters.',
    'multiple',
  ),
  img: imageField,
  servings: servingsField,
  source_url: sourceUrlField,
  // An uploaded photo's key (server: recipe-photos/attach-photo.ts says what each value does).
  photo: z.string({ error: PHOTO_NOT_FOUND }).regex(PHOTO_KEY, PHOTO_NOT_FOUND).nullish(),
  category_ids: z
    .array(idSchema('Category id'), { error: NO_CATEGORY })
    .min(1, NO_CATEGORY)
    .max(20, 'Please select at most 20 categories.')
    .transform((ids) => [...new Set(ids)]),
});
export type RecipeInput = z.output<typeof recipeInput>;

/** REST sends text, tRPC may send numbers and booleans: both read the same. */
const asText = (value: unknown) =>
  typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
const asList = (value: unknown) => (Array.isArray(value) ? value.join(',') : asText(value));
const flag = (name: string) =>
  z.preprocess(
    asText,
    z
      .enum(['true', 'false'], { error: `${name} must be true or false.` })
      .optional()
      .transform((value) => value === 'true'),
  );

/** `?page=` as REST sends it (text) or tRPC (a number): 1 when absent. */
export const pageField = z.preprocess(
  asText,
  z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'Page must be a positive whole number.')
    .optional()
    .transform((value) => (value === undefined ? 1 : Number(value))),
);

export const recipeListInput = z.object({
  page: pageField,
  categories: z.preprocess(
    asList,
    z
      .string({ error: 'Categories must be comma-separated category ids.' })
      .refine(atMost(200), 'Too many categories.')
      .regex(
        /^([1-9][0-9]{0,9}(,[1-9][0-9]{0,9})*)?$/,
        'Categories must be comma-separated category ids.',
      )
      .optional()
      .transform((value) => [...new Set((value ?? '').split(',').filter(Boolean).map(Number))]),
  ),
  search: text('Search', 'single')
    .refine(atMost(100), 'Search must be at most 100 characters.')
    .optional()
    .transform((value) => (value ?? '').trim()),
  my_recipes: flag('my_recipes'),
  saved_recipes: flag('saved_recipes'),
});
export type RecipeListInput = z.output<typeof recipeListInput>;

export const userRecipesInput = z.object({ email: emailField, page: pageField });
export type UserRecipesInput = z.output<typeof userRecipesInput>;

export const recipeImportInput = z.object({
  url: text('Link', 'single', (issue) =>
    issue.input === undefined || issue.input === null ? NEED_URL : 'Link must be text.',
  )
    .trim()
    .min(1, NEED_URL)
    .refine(atMost(2048), 'Links longer than 2048 characters cannot be imported.'),
});
export type RecipeImportInput = z.output<typeof recipeImportInput>;

export const categoryInput = z.object({
  name: requiredText('Name is required', 50, 'Name must be at most 50 characters.'),
});
export type CategoryInput = z.output<typeof categoryInput>;
