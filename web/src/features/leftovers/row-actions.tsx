import type { Column } from '@recipehub/ui/data-table';
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

/** The table's Actions column (Admins only): edit (labelled `editLabel`) and delete per row. */
export function actionsColumn<Row extends { name: string }>(
  editLabel: string,
  actions: { onEdit(row: Row): void; onDelete(row: Row): void },
): Column<Row> {
  return {
    key: 'actions',
    header: 'Actions',
    cell: (row) => (
      <RowActions
        name={row.name}
        editLabel={editLabel}
        onEdit={() => actions.onEdit(row)}
        onDelete={() => actions.onDelete(row)}
      />
    ),
  };
}
