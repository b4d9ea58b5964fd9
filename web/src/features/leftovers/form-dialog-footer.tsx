import { Button } from '@recipehub/ui/button';
import { DialogClose, DialogFooter } from '@recipehub/ui/dialog';

/** Cancel and submit under a leftover form dialog; both wait while the save is pending. */
export function FormDialogFooter({
  pending,
  submitLabel,
}: {
  pending: boolean;
  submitLabel: string;
}) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button variant="secondary" disabled={pending}>
          Cancel
        </Button>
      </DialogClose>
      <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
        {pending ? 'Saving…' : submitLabel}
      </Button>
    </DialogFooter>
  );
}
