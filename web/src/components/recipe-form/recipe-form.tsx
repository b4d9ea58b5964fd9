import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@recipehub/ui/button';
import { CheckboxGroup } from '@recipehub/ui/checkbox-group';
import { Spinner } from '@recipehub/ui/spinner';
import { TextArea, TextField } from '@recipehub/ui/text-field';
import { useErrorToast } from '../../lib/use-error-toast';
import { trpc } from '../../lib/trpc';
import {
  parseServings,
  validateRecipe,
  type FieldName,
  type RecipeFormErrors,
  type RecipeFormValues,
} from './recipe-form-rules';
import { RecipePhotoField, type PhotoChoice } from './recipe-photo-field';
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
  const categories = trpc.categories.list.useQuery(undefined, { staleTime: 5 * 60_000 });
  const [title, setTitle] = useState(initial?.title ?? '');
  const [ingredients, setIngredients] = useState(initial?.ingredients ?? '');
  const [instructions, setInstructions] = useState(initial?.instructions ?? '');
  const [img, setImg] = useState(initial?.img ?? '');
  const [photo, setPhoto] = useState<PhotoChoice>(initialPhoto);
  const [uploading, setUploading] = useState(false);
  const [servings, setServings] = useState(
    initial?.servings === undefined || initial.servings === null ? '' : String(initial.servings),
  );
  const [sourceUrl, setSourceUrl] = useState(initial?.source_url ?? '');
  const [categoryIds, setCategoryIds] = useState<string[]>(
    (initial?.category_ids ?? []).map(String),
  );
  const [clientErrors, setClientErrors] = useState<RecipeFormErrors>({});
  // Server messages the user has since edited away; a new server answer starts afresh.
  const [editedSince, setEditedSince] = useState<{ from?: RecipeFormErrors; fields: FieldName[] }>({
    fields: [],
  });

  useErrorToast(categories.isError, 'Failed to load categories.');

  const edited = editedSince.from === serverErrors ? editedSince.fields : [];
  const shownServerErrors = Object.fromEntries(
    Object.entries(serverErrors ?? {}).filter(([field]) => !edited.includes(field as FieldName)),
  ) as RecipeFormErrors;
  const errors: RecipeFormErrors = { ...shownServerErrors, ...clientErrors };
  // Editing a field clears its message.
  const clear = (field: FieldName) => {
    setClientErrors(({ [field]: _client, ...rest }) => rest);
    setEditedSince({ from: serverErrors, fields: [...edited, field] });
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values: RecipeFormValues = {
      title: title.trim(),
      ingredients,
      instructions,
      // A photo replaces any image URL; the server fills img with the photo's own URL.
      photo: photo?.id ?? null,
      img: photo || img.trim() === '' ? null : img.trim(),
      servings: parseServings(servings),
      source_url: sourceUrl.trim() === '' ? null : sourceUrl.trim(),
      category_ids: categoryIds.map(Number),
    };
    const found = validateRecipe(values);
    setClientErrors(found);
    if (Object.keys(found).length > 0) return;
    onSubmit(values);
  }

  const options = (categories.data ?? []).map((category) => ({
    value: String(category.id),
    label: category.name,
  }));

  return (
    <form className="form-stack recipe-form" noValidate onSubmit={submit}>
      <TextField
        id={`${idPrefix}-title`}
        label="Title"
        name="title"
        required
        value={title}
        error={errors.title}
        onChange={(event) => {
          setTitle(event.target.value);
          clear('title');
        }}
      />
      <TextArea
        id={`${idPrefix}-ingredients`}
        label="Ingredients"
        name="ingredients"
        required
        rows={6}
        hint="One ingredient per line."
        value={ingredients}
        error={errors.ingredients}
        onChange={(event) => {
          setIngredients(event.target.value);
          clear('ingredients');
        }}
      />
      <TextArea
        id={`${idPrefix}-instructions`}
        label="Instructions"
        name="instructions"
        required
        rows={8}
        hint="One step per line."
        value={instructions}
        error={errors.instructions}
        onChange={(event) => {
          setInstructions(event.target.value);
          clear('instructions');
        }}
      />
      <RecipePhotoField
        id={`${idPrefix}-photo`}
        value={photo}
        error={errors.photo}
        onChange={(next) => {
          setPhoto(next);
          clear('photo');
        }}
        onUploadingChange={setUploading}
      />
      {!photo && (
        <TextField
          id={`${idPrefix}-img`}
          label="Image URL (optional)"
          name="img"
          type="url"
          inputMode="url"
          placeholder="https://…"
          value={img}
          error={errors.img}
          onChange={(event) => {
            setImg(event.target.value);
            clear('img');
          }}
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
        value={servings}
        error={errors.servings}
        onChange={(event) => {
          setServings(event.target.value);
          clear('servings');
        }}
      />
      <TextField
        id={`${idPrefix}-source-url`}
        label="Source link (optional)"
        name="source_url"
        type="url"
        inputMode="url"
        placeholder="https://…"
        value={sourceUrl}
        error={errors.source_url}
        onChange={(event) => {
          setSourceUrl(event.target.value);
          clear('source_url');
        }}
      />
      <div className="recipe-form__categories" aria-busy={categories.isPending || undefined}>
        {categories.isPending ? (
          <Spinner label="Loading categories…" />
        ) : (
          <CheckboxGroup
            legend="Categories"
            options={options}
            value={categoryIds}
            onValueChange={(next) => {
              setCategoryIds(next);
              clear('category_ids');
            }}
          />
        )}
        {errors.category_ids !== undefined && (
          <p className="recipe-form__error" role="alert">
            {errors.category_ids}
          </p>
        )}
      </div>
      <div className="recipe-form__actions">
        {secondaryAction}
        <Button type="submit" disabled={pending || uploading} aria-busy={pending || undefined}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
