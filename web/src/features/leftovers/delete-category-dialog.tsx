import { ConfirmDialog } from '@recipehub/ui/dialog';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { serverMessage } from '../../lib/trpc-errors';
import type { Category } from './leftover-types';

/** Asks before deleting `category` (open while one is given), then deletes it. */
export function DeleteCategoryDialog({
  category,
  onClose,
}: {
  category: Category | null;
  onClose: () => void;
}) {
  const utils = trpc.useUtils();
  const remove = trpc.categories.delete.useMutation({
    onSuccess: async () => {
      notify.success('Category deleted successfully!');
      onClose();
      await utils.categories.list.invalidate();
    },
    onError: (error) => {
      // A category in use is refused (409) with a message that says why: show it.
      const detail = serverMessage(error);
      notify.error(detail ? `Failed to delete category. ${detail}` : 'Failed to delete category.');
      onClose();
    },
  });

  return (
    <ConfirmDialog
      open={category !== null}
      onOpenChange={(open) => !open && !remove.isPending && onClose()}
      title="Delete category?"
      description={
        category
          ? `“${category.name}” will be deleted. A category that recipes use cannot be deleted.`
          : ''
      }
      confirmLabel={remove.isPending ? 'Deleting…' : 'Delete'}
      pending={remove.isPending}
      onConfirm={() => category && remove.mutate({ id: category.id })}
    />
  );
}
