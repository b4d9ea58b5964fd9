import { useState } from 'react';
import type { FieldName, RecipeFormErrors } from './recipe-form-rules';

/**
 * The messages the recipe form shows: the server's last answer and the form's own check, the
 * form's own winning; editing a field clears its message until the next check or answer.
 */
export function useRecipeFormErrors(serverErrors: RecipeFormErrors | undefined) {
  const [clientErrors, setClientErrors] = useState<RecipeFormErrors>({});
  // Server messages the user has since edited away; a new server answer starts afresh.
  const [editedSince, setEditedSince] = useState<{ from?: RecipeFormErrors; fields: FieldName[] }>({
    fields: [],
  });

  const edited = editedSince.from === serverErrors ? editedSince.fields : [];
  const shownServerErrors = Object.fromEntries(
    Object.entries(serverErrors ?? {}).filter(([field]) => !edited.includes(field as FieldName)),
  ) as RecipeFormErrors;
  const errors: RecipeFormErrors = { ...shownServerErrors, ...clientErrors };
  const clear = (field: FieldName) => {
    setClientErrors(({ [field]: _client, ...rest }) => rest);
    setEditedSince({ from: serverErrors, fields: [...edited, field] });
  };

  return { errors, clear, setClientErrors };
}
