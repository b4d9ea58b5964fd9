import { TextArea, TextField } from '@recipehub/ui/text-field';
import type { RecipeDraft } from './recipe-form-draft';
import type { RecipeFormErrors } from './recipe-form-rules';
import { RecipePhotoField } from './recipe-photo-field';

/** What each group of the recipe form's fields reads and writes. */
export type RecipeFieldsProps = {
  /** Prefix for field ids, so two forms on one page keep unique ids. */
  idPrefix: string;
  draft: RecipeDraft;
  errors: RecipeFormErrors;
  /** Sets a field's text and clears its message. */
  edit<F extends keyof RecipeDraft>(field: F, value: RecipeDraft[F]): void;
};

/** The recipe itself: title, ingredients and instructions, each required. */
export function RecipeTextFields({ idPrefix, draft, errors, edit }: RecipeFieldsProps) {
  return (
    <>
      <TextField
        id={`${idPrefix}-title`}
        label="Title"
        name="title"
        required
        value={draft.title}
        error={errors.title}
        onChange={(event) => edit('title', event.target.value)}
      />
      <TextArea
        id={`${idPrefix}-ingredients`}
        label="Ingredients"
        name="ingredients"
        required
        rows={6}
        hint="One ingredient per line."
        value={draft.ingredients}
        error={errors.ingredients}
        onChange={(event) => edit('ingredients', event.target.value)}
      />
      <TextArea
        id={`${idPrefix}-instructions`}
        label="Instructions"
        name="instructions"
        required
        rows={8}
        hint="One step per line."
        value={draft.instructions}
        error={errors.instructions}
        onChange={(event) => edit('instructions', event.target.value)}
      />
    </>
  );
}

/** What a recipe may add: a photo (uploaded) or an image URL, servings and its source. */
export function RecipeOptionalFields({
  idPrefix,
  draft,
  errors,
  edit,
  onUploadingChange,
}: RecipeFieldsProps & { onUploadingChange(uploading: boolean): void }) {
  return (
    <>
      <RecipePhotoField
        id={`${idPrefix}-photo`}
        value={draft.photo}
        error={errors.photo}
        onChange={(next) => edit('photo', next)}
        onUploadingChange={onUploadingChange}
      />
      {!draft.photo && (
        <TextField
          id={`${idPrefix}-img`}
          label="Image URL (optional)"
          name="img"
          type="url"
          inputMode="url"
          placeholder="https://…"
          value={draft.img}
          error={errors.img}
          onChange={(event) => edit('img', event.target.value)}
        />
      )}
      <TextField
        id={`${idPrefix}-servings`}
        label="Servings (optional)"
        name="servings"
        // Text, not type="number": a number input hides what was typed when it is not a number,
        // and the member would never learn why the servings did not save.
        inputMode="numeric"
        autoComplete="off"
        hint="How many people the amounts above feed: lets cooks scale the recipe."
        value={draft.servings}
        error={errors.servings}
        onChange={(event) => edit('servings', event.target.value)}
      />
      <TextField
        id={`${idPrefix}-source-url`}
        label="Source link (optional)"
        name="source_url"
        type="url"
        inputMode="url"
        placeholder="https://…"
        value={draft.source_url}
        error={errors.source_url}
        onChange={(event) => edit('source_url', event.target.value)}
      />
    </>
  );
}
