import { Button } from '@recipehub/ui/button';

interface RowActionsProps {
  /** The row's name, for the buttons' accessible names ("Edit Jane", "Delete Jane"). */
  name: string;
  editLabel: string;
  onEdit: () => void;
  onDelete: () => void;
}

/** The edit and delete buttons of a leftover table row. */
export function RowActions({ name, editLabel, onEdit, onDelete }: RowActionsProps) {
  return (
    <span className="leftover-actions">
      <Button size="sm" variant="secondary" aria-label={`${editLabel} ${name}`} onClick={onEdit}>
        {editLabel}
      </Button>
      <Button size="sm" variant="danger" aria-label={`Delete ${name}`} onClick={onDelete}>
        Delete
      </Button>
    </span>
  );
}
