import { AdminUsersPage } from '../../features/admin/users-page';

export function Component() {
  return <AdminUsersPage />;
}
