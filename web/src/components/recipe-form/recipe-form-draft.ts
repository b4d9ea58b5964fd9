import { parseServings, type RecipeFormValues } from './recipe-form-rules';
import type { PhotoChoice } from './recipe-photo-field';

/** What the recipe form's fields hold while the member types: one entry per field (named as
 * the field's errors are), as typed. */
export type RecipeDraft = {
  title: string;
  ingredients: string;
  instructions: string;
  img: string;
  photo: PhotoChoice;
  servings: string;
  source_url: string;
  category_ids: string[];
};

/** The fields' starting text: the recipe's values when editing, empty for a new recipe. */
export function initialDraft(
  initial: Partial<RecipeFormValues> | undefined,
  initialPhoto: PhotoChoice,
): RecipeDraft {
  return {
    title: initial?.title ?? '',
    ingredients: initial?.ingredients ?? '',
    instructions: initial?.instructions ?? '',
    img: initial?.img ?? '',
    photo: initialPhoto,
    servings:
      initial?.servings === undefined || initial.servings === null ? '' : String(initial.servings),
    source_url: initial?.source_url ?? '',
    category_ids: (initial?.category_ids ?? []).map(String),
  };
}

/** The draft as recipes.create and recipes.update take it. */
export function draftValues(draft: RecipeDraft): RecipeFormValues {
  const img = draft.img.trim();
  const sourceUrl = draft.source_url.trim();
  return {
    title: draft.title.trim(),
    ingredients: draft.ingredients,
    instructions: draft.instructions,
    // A photo replaces any image URL; the server fills img with the photo's own URL.
    photo: draft.photo?.id ?? null,
    img: draft.photo || img === '' ? null : img,
    servings: parseServings(draft.servings),
    source_url: sourceUrl === '' ? null : sourceUrl,
    category_ids: draft.category_ids.map(Number),
  };
}
