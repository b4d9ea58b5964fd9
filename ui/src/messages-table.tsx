import { DataTable, type Column } from './data-table';
import { formatDateTime } from './format';

export type ContactMessage = {
  id: number;
  name: string;
  email?: string | null;
  message: string;
  /** ISO timestamp. */
  created_at: string;
};

export const NO_MESSAGES = 'No messages received yet.';

const columns: Column<ContactMessage>[] = [
  { key: 'number', header: '#', cell: (_, index) => index + 1 },
  { key: 'name', header: 'Name', cell: (row) => row.name },
  { key: 'email', header: 'Email', cell: (row) => row.email || 'N/A' },
  { key: 'message', header: 'Message', cell: (row) => row.message },
  {
    key: 'date',
    header: 'Date Sent',
    cell: (row) => <time dateTime={row.created_at}>{formatDateTime(row.created_at)}</time>,
  },
];

/** The admin's contact messages: a table on desktop, cards on mobile. */
export function MessagesTable({ messages }: { messages: ContactMessage[] }) {
  return (
    <DataTable
      caption="User Messages"
      columns={columns}
      rows={messages}
      rowKey={(row) => row.id}
      empty={NO_MESSAGES}
    />
  );
}
