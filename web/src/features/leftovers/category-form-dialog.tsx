import { useState, type FormEvent } from 'react';
import { formFieldErrors } from '@recipehub/openapi/field-errors';
import { categoryInput } from '@recipehub/openapi/schemas/recipes';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@recipehub/ui/dialog';
import { TextField } from '@recipehub/ui/text-field';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { firstFieldError, serverMessage } from '../../lib/trpc-errors';
import { FormDialogFooter } from './form-dialog-footer';
import type { Category } from './leftover-types';

/** Create (category null) or rename a recipe category; closes itself after a save. */
export function CategoryFormDialog({
  category,
  onClose,
}: {
  category: Category | null;
  onClose: () => void;
}) {
  const utils = trpc.useUtils();
  const [name, setName] = useState(category?.name ?? '');
  const [error, setError] = useState<string | undefined>();
  const onSuccess = async () => {
    notify.success(category ? 'Category renamed successfully!' : 'Category created successfully!');
    // Recipes show category names: cached recipe lists are stale too.
    await Promise.all([utils.categories.list.invalidate(), utils.recipes.invalidate()]);
    onClose();
  };
  const onError = (failure: unknown) => {
    const fieldError = firstFieldError(failure, 'name');
    setError(fieldError);
    const failed = category ? 'Failed to rename category.' : 'Failed to create category.';
    const detail = fieldError ?? serverMessage(failure);
    notify.error(detail ? `${failed} ${detail}` : failed);
  };
  const create = trpc.categories.create.useMutation({ onSuccess, onError });
  const rename = trpc.categories.rename.useMutation({ onSuccess, onError });
  const pending = create.isPending || rename.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    const checked = categoryInput.safeParse({ name });
    if (!checked.success) {
      setError(formFieldErrors(checked.error.issues).name);
      return;
    }
    if (category) rename.mutate({ id: category.id, name: trimmed });
    else create.mutate({ name: trimmed });
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent>
        <DialogTitle>{category ? 'Rename category' : 'Add category'}</DialogTitle>
        <DialogDescription>
          Category names are unique (upper and lower case count as the same).
        </DialogDescription>
        <form className="form-stack" onSubmit={submit} noValidate>
          <TextField
            label="Name"
            name="name"
            autoComplete="off"
            maxLength={50}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setError(undefined);
            }}
            error={error}
            required
          />
          <FormDialogFooter
            pending={pending}
            submitLabel={category ? 'Save changes' : 'Add category'}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
