import type { inferRouterInputs } from '@trpc/server';
import type { AppRouter } from '@recipehub/server/app-router';

/*
 * The add/edit recipe form's rules, pure so tests/unit can check them: the same rules as the
 * server's recipeInput (recipe-write.ts), checked before sending, and the server's field errors
 * read back onto the form's fields.
 */

/** What recipes.create and recipes.update (as `recipe`) accept. */
export type RecipeFormValues = inferRouterInputs<AppRouter>['recipes']['create'];

export type FieldName =
  | 'title'
  | 'ingredients'
  | 'instructions'
  | 'img'
  | 'photo'
  | 'servings'
  | 'source_url'
  | 'category_ids';
const FIELD_NAMES: readonly string[] = [
  'title',
  'ingredients',
  'instructions',
  'img',
  'photo',
  'servings',
  'source_url',
  'category_ids',
] satisfies FieldName[];
export type RecipeFormErrors = Partial<Record<FieldName, string>>;

// Spec §5 texts; the required-field texts are the server's own (recipe-write.ts).
export const NO_CATEGORY = 'Please select at least one category.';
export const BAD_IMAGE_URL = 'Please provide a valid image URL.';
// The server's texts for the fields issue 16 added (recipe-write.ts).
export const BAD_SERVINGS = 'Servings must be a whole number from 1 to 100.';
export const BAD_SOURCE_URL = 'Please provide a valid source URL.';

/** The servings field's text as the number the server takes: null when empty, NaN when not valid. */
export function parseServings(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = /^\d{1,3}$/.test(trimmed) ? Number(trimmed) : NaN;
  return value >= 1 && value <= 100 ? value : NaN;
}

function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
}

/** The same rules as the server's recipeInput, checked before sending. */
export function validateRecipe(values: RecipeFormValues): RecipeFormErrors {
  const errors: RecipeFormErrors = {};
  if (!values.title.trim()) errors.title = 'Title is required';
  if (!values.ingredients.trim()) errors.ingredients = 'Ingredients are required';
  if (!values.instructions.trim()) errors.instructions = 'Instructions are required';
  const img = values.img?.trim() ?? '';
  if (img !== '' && !isHttpUrl(img)) errors.img = BAD_IMAGE_URL;
  if (Number.isNaN(values.servings)) errors.servings = BAD_SERVINGS;
  const source = values.source_url?.trim() ?? '';
  if (source !== '' && !isHttpUrl(source)) errors.source_url = BAD_SOURCE_URL;
  if (values.category_ids.length === 0) errors.category_ids = NO_CATEGORY;
  return errors;
}

/**
 * Server field errors ({ field: [messages] }) as one message per form field; nested keys such as
 * `category_ids.0` belong to their list.
 */
export function recipeServerErrors(fields: Record<string, string[]>): RecipeFormErrors {
  const errors: RecipeFormErrors = {};
  for (const [key, messages] of Object.entries(fields)) {
    const field = key.split('.')[0] as FieldName;
    if (FIELD_NAMES.includes(field)) {
      errors[field] ??= messages[0];
    }
  }
  return errors;
}
