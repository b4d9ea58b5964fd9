import { ConfirmDialog } from '@recipehub/ui/dialog';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { serverMessage } from '../../lib/trpc-errors';
import type { Customer } from './leftover-types';

/** Asks before deleting `customer` (open while one is given), then deletes it. */
export function DeleteCustomerDialog({
  customer,
  onClose,
}: {
  customer: Customer | null;
  onClose: () => void;
}) {
  const utils = trpc.useUtils();
  const remove = trpc.leftovers.customers.delete.useMutation({
    onSuccess: async () => {
      notify.success('Customer deleted successfully!');
      onClose();
      await utils.leftovers.customers.list.invalidate();
    },
    onError: (error) => {
      const detail = serverMessage(error);
      notify.error(detail ? `Failed to delete customer. ${detail}` : 'Failed to delete customer.');
    },
  });

  return (
    <ConfirmDialog
      open={customer !== null}
      onOpenChange={(open) => !open && !remove.isPending && onClose()}
      title="Delete customer?"
      description={customer ? `${customer.name} (${customer.email}) will be deleted for good.` : ''}
      confirmLabel={remove.isPending ? 'Deleting…' : 'Delete'}
      pending={remove.isPending}
      onConfirm={() => customer && remove.mutate({ id: customer.id })}
    />
  );
}
