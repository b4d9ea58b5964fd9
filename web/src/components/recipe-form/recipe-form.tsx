import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@recipehub/ui/button';
import { RecipeCategoriesField } from './recipe-categories-field';
import { draftValues, initialDraft, type RecipeDraft } from './recipe-form-draft';
import { validateRecipe, type RecipeFormErrors, type RecipeFormValues } from './recipe-form-rules';
import { RecipeOptionalFields, RecipeTextFields } from './recipe-form-fields';
import type { PhotoChoice } from './recipe-photo-field';
import { useRecipeFormErrors } from './use-recipe-form-errors';
import './recipe-form.css';

export type RecipeFormProps = {
  /** Starting values (editing); empty for a new recipe. */
  initial?: Partial<RecipeFormValues>;
  /** The recipe's uploaded photo (editing). */
  initialPhoto?: PhotoChoice;
  submitLabel: string;
  pending: boolean;
  /** Errors from the server's last answer, shown beside their fields. */
  serverErrors?: RecipeFormErrors;
  onSubmit(values: RecipeFormValues): void;
  /** Optional extra actions beside submit (e.g. Cancel in a dialog). */
  secondaryAction?: ReactNode;
  /** Prefix for field ids, so two forms on one page keep unique ids. */
  idPrefix?: string;
};

/**
 * Title, ingredients, instructions, an optional photo (uploaded) or image URL, and categories
 * (spec §5, add/edit recipe).
 */
export function RecipeForm({
  initial,
  initialPhoto = null,
  submitLabel,
  pending,
  serverErrors,
  onSubmit,
  secondaryAction,
  idPrefix = 'recipe',
}: RecipeFormProps) {
  const [draft, setDraft] = useState(() => initialDraft(initial, initialPhoto));
  const [uploading, setUploading] = useState(false);
  const { errors, clear, setClientErrors } = useRecipeFormErrors(serverErrors);
  // Editing a field clears its message.
  const edit = <F extends keyof RecipeDraft>(field: F, value: RecipeDraft[F]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    clear(field);
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = draftValues(draft);
    const found = validateRecipe(values);
    setClientErrors(found);
    if (Object.keys(found).length > 0) return;
    onSubmit(values);
  }

  return (
    <form className="form-stack recipe-form" noValidate onSubmit={submit}>
      <RecipeTextFields idPrefix={idPrefix} draft={draft} errors={errors} edit={edit} />
      <RecipeOptionalFields
        idPrefix={idPrefix}
        draft={draft}
        errors={errors}
        edit={edit}
        onUploadingChange={setUploading}
      />
      <RecipeCategoriesField
        value={draft.category_ids}
        error={errors.category_ids}
        onValueChange={(next) => edit('category_ids', next)}
      />
      <div className="recipe-form__actions">
        {secondaryAction}
        <Button type="submit" disabled={pending || uploading} aria-busy={pending || undefined}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
