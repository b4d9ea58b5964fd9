import { firstFieldMessages, formFieldErrors } from '@recipehub/openapi/field-errors';
import { SERVINGS_RANGE } from '@recipehub/openapi/limits';
import { recipeInput } from '@recipehub/openapi/schemas/recipes';
import type { RouterInputs } from '../../lib/router-types';

/*
 * The add/edit recipe form's rules, pure so tests/unit can check them: the server's own
 * recipeInput (the contract's schemas/recipes.ts) checked before sending, and the server's field
 * errors read back onto the form's fields.
 */

/** What recipes.create and recipes.update (as `recipe`) accept. */
export type RecipeFormValues = RouterInputs['recipes']['create'];

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

/** The servings field's text as the number the server takes: null when empty, NaN when not valid. */
export function parseServings(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = /^\d{1,3}$/.test(trimmed) ? Number(trimmed) : NaN;
  return value >= SERVINGS_RANGE.min && value <= SERVINGS_RANGE.max ? value : NaN;
}

/** The server's recipeInput, checked before sending: one message per field, the server's. */
export function validateRecipe(values: RecipeFormValues): RecipeFormErrors {
  const checked = recipeInput.safeParse(values);
  return checked.success ? {} : onFormFields(formFieldErrors(checked.error.issues));
}

/**
 * Server field errors ({ field: [messages] }) as one message per form field; nested keys such as
 * `category_ids.0` belong to their list.
 */
export function recipeServerErrors(fields: Record<string, string[]>): RecipeFormErrors {
  return onFormFields(firstFieldMessages(fields));
}

function onFormFields(messages: Record<string, string>): RecipeFormErrors {
  return Object.fromEntries(
    Object.entries(messages).filter(([field]) => FIELD_NAMES.includes(field)),
  ) as RecipeFormErrors;
}
