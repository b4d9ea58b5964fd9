import { useCallback, useState } from 'react';
import { Plus } from 'lucide-react';
import { Button } from '@recipehub/ui/button';
import { DataTable, type Column } from '@recipehub/ui/data-table';
import { EmptyState } from '@recipehub/ui/empty-state';
import { Spinner } from '@recipehub/ui/spinner';
import { usePageMeta } from '../../lib/page-meta';
import { trpc } from '../../lib/trpc';
import { AdminWritesNote, useLeftoverAccess } from './admin-writes';
import { DeleteCategoryDialog } from './delete-category-dialog';
import { CategoryFormDialog } from './category-form-dialog';
import { actionsColumn } from './row-actions';
import { LeftoverNav } from './leftover-nav';
import type { Category } from './leftover-types';
import { includesNeedle, TableFooter, TableToolbar, usePagedRows } from './paged-table';
import { useErrorToast } from '../../lib/use-error-toast';
import './leftovers.css';

// The spec's own text (§8) for a failed category load.
const LOAD_FAILED = 'Failed to load categories.';
const CATEGORY_WRITES_NOTE = 'Only an Admin can add, rename or delete categories.';

type Editing = { category: Category | null } | null;

/**
 * The table's columns: a running number (from `offset`), the category's own fields, and its edit
 * and delete actions when `actions` is given (for an Admin).
 */
function categoryColumns(
  offset: number,
  actions: { onEdit(row: Category): void; onDelete(row: Category): void } | null,
): Column<Category>[] {
  const columns: Column<Category>[] = [
    { key: 'number', header: '#', cell: (_, index) => offset + index + 1 },
    { key: 'name', header: 'Name', cell: (row) => row.name },
  ];
  if (actions) columns.push(actionsColumn('Rename', actions));
  return columns;
}

/**
 * /dashboard/category/: the recipe categories for every member, with create, rename and delete for
 * an Admin (the server refuses them to anybody else, so they are not offered).
 */
export function CategoriesPage() {
  const access = useLeftoverAccess();
  const canWrite = access === 'admin';
  usePageMeta(
    'Categories',
    canWrite
      ? 'Manage recipe categories: add, rename and delete unused ones.'
      : 'The recipe categories.',
  );
  const categories = trpc.categories.list.useQuery();
  useErrorToast(categories.error, LOAD_FAILED);
  const matches = useCallback(
    (row: Category, needle: string) => includesNeedle(needle, row.name),
    [],
  );
  const paged = usePagedRows(categories.data ?? [], matches);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);

  const columns = categoryColumns(
    paged.offset,
    canWrite ? { onEdit: (row) => setEditing({ category: row }), onDelete: setDeleting } : null,
  );

  return (
    <main className="page">
      <LeftoverNav />
      <div className="leftover-heading">
        <h1 className="page__title">Categories</h1>
        {canWrite && (
          <Button onClick={() => setEditing({ category: null })}>
            <Plus size={18} aria-hidden /> Add category
          </Button>
        )}
      </div>
      <AdminWritesNote access={access}>{CATEGORY_WRITES_NOTE}</AdminWritesNote>
      {categories.isPending ? (
        <Spinner label="Loading categories…" />
      ) : categories.isError ? (
        <EmptyState title={LOAD_FAILED} description="Reload the page to try again." />
      ) : (
        <>
          <TableToolbar paged={paged} searchLabel="Search categories" />
          <DataTable
            caption="Recipe categories"
            columns={columns}
            rows={paged.pageRows}
            rowKey={(row) => row.id}
            empty={
              categories.data.length === 0
                ? 'No categories yet.'
                : 'No categories match your search.'
            }
          />
          <TableFooter paged={paged} label="Categories" />
        </>
      )}
      {canWrite && editing && (
        <CategoryFormDialog category={editing.category} onClose={() => setEditing(null)} />
      )}
      <DeleteCategoryDialog
        category={canWrite ? deleting : null}
        onClose={() => setDeleting(null)}
      />
    </main>
  );
}
