import { z } from 'zod';
import { atMost } from '../shared/text-length.js';
import { text } from '../accounts/account-schemas.js';

/** The recipe list's query (`?page&categories&search&my_recipes&saved_recipes`) as both faces read it. */
export const BOTH_LISTS = 'Choose either my_recipes or saved_recipes, not both.';
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
