import { AdminMessagesPage } from '../../features/admin/messages-page';

export function Component() {
  return <AdminMessagesPage />;
}
