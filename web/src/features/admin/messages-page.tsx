import { EmptyState } from '@recipehub/ui/empty-state';
import { MessagesTable } from '@recipehub/ui/messages-table';
import { Spinner } from '@recipehub/ui/spinner';
import { usePageMeta } from '../../lib/page-meta';
import { trpc } from '../../lib/trpc';
import { useErrorToast } from '../../lib/use-error-toast';
import './admin.css';

const LOAD_FAILED = 'Failed to load messages. Please try again later.';

/**
 * /dashboard/messages/: the contact messages, newest first (a table on desktop, cards on mobile;
 * ui's MessagesTable shows "No messages received yet." when there are none).
 */
export function AdminMessagesPage() {
  usePageMeta('User Messages', 'Messages visitors sent through the contact form.');
  const messages = trpc.contact.list.useQuery();
  useErrorToast(messages.error, LOAD_FAILED);
  return (
    <main className="page">
      <h1 className="page__title">User Messages</h1>
      {messages.isPending ? (
        <Spinner label="Loading messages…" />
      ) : messages.isError ? (
        <EmptyState title={LOAD_FAILED} />
      ) : (
        <>
          {messages.data.length > 0 && (
            <p className="admin-muted">
              {messages.data.length} {messages.data.length === 1 ? 'message' : 'messages'}, newest
              first. Times are Asia/Dhaka.
            </p>
          )}
          <MessagesTable messages={messages.data} />
        </>
      )}
    </main>
  );
}
