import { useCallback, useState } from 'react';
import { Plus } from 'lucide-react';
import { Button } from '@recipehub/ui/button';
import { DataTable, type Column } from '@recipehub/ui/data-table';
import { EmptyState } from '@recipehub/ui/empty-state';
import { Spinner } from '@recipehub/ui/spinner';
import { usePageMeta } from '../../lib/page-meta';
import { trpc } from '../../lib/trpc';
import { AdminWritesNote, useLeftoverAccess } from './admin-writes';
import { DeleteCustomerDialog } from './delete-customer-dialog';
import { CustomerFormDialog } from './customer-form-dialog';
import { actionsColumn } from './row-actions';
import { LeftoverNav } from './leftover-nav';
import type { Customer } from './leftover-types';
import { includesNeedle, TableFooter, TableToolbar, usePagedRows } from './paged-table';
import { useErrorToast } from '../../lib/use-error-toast';
import './leftovers.css';

const LOAD_FAILED = 'Failed to load customers.';
const CUSTOMER_WRITES_NOTE = 'Only an Admin can add, change or delete customers.';

type Editing = { customer: Customer | null } | null;

/**
 * The table's columns: a running number (from `offset`), the customer's own fields, and its edit
 * and delete actions when `actions` is given (for an Admin).
 */
function customerColumns(
  offset: number,
  actions: { onEdit(row: Customer): void; onDelete(row: Customer): void } | null,
): Column<Customer>[] {
  const columns: Column<Customer>[] = [
    { key: 'number', header: '#', cell: (_, index) => offset + index + 1 },
    { key: 'name', header: 'Name', cell: (row) => row.name },
    { key: 'email', header: 'Email', cell: (row) => row.email },
    { key: 'mobile', header: 'Mobile', cell: (row) => row.mobile },
  ];
  if (actions) columns.push(actionsColumn('Edit', actions));
  return columns;
}

/**
 * /dashboard/customer/: the leftover customers for every member, with create, edit and delete for
 * an Admin (the server refuses them to anybody else, so they are not offered).
 */
export function CustomersPage() {
  const access = useLeftoverAccess();
  const canWrite = access === 'admin';
  usePageMeta(
    'Customers',
    canWrite
      ? 'Manage the customers used by the sale invoice: add, edit and delete.'
      : 'The customers used by the sale invoice.',
  );
  const customers = trpc.leftovers.customers.list.useQuery();
  useErrorToast(customers.error, LOAD_FAILED);
  const matches = useCallback(
    (row: Customer, needle: string) => includesNeedle(needle, row.name, row.email, row.mobile),
    [],
  );
  const paged = usePagedRows(customers.data ?? [], matches);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Customer | null>(null);

  const columns = customerColumns(
    paged.offset,
    canWrite ? { onEdit: (row) => setEditing({ customer: row }), onDelete: setDeleting } : null,
  );

  return (
    <main className="page">
      <LeftoverNav />
      <div className="leftover-heading">
        <h1 className="page__title">Customers</h1>
        {canWrite && (
          <Button onClick={() => setEditing({ customer: null })}>
            <Plus size={18} aria-hidden /> Add customer
          </Button>
        )}
      </div>
      <AdminWritesNote access={access}>{CUSTOMER_WRITES_NOTE}</AdminWritesNote>
      {customers.isPending ? (
        <Spinner label="Loading customers…" />
      ) : customers.isError ? (
        <EmptyState title={LOAD_FAILED} description="Reload the page to try again." />
      ) : (
        <>
          <TableToolbar paged={paged} searchLabel="Search customers" />
          <DataTable
            caption="Customers"
            columns={columns}
            rows={paged.pageRows}
            rowKey={(row) => row.id}
            empty={
              customers.data.length === 0 ? 'No customers yet.' : 'No customers match your search.'
            }
          />
          <TableFooter paged={paged} label="Customers" />
        </>
      )}
      {canWrite && editing && (
        <CustomerFormDialog customer={editing.customer} onClose={() => setEditing(null)} />
      )}
      <DeleteCustomerDialog
        customer={canWrite ? deleting : null}
        onClose={() => setDeleting(null)}
      />
    </main>
  );
}
