import { AdminUserPage } from '../../features/admin/user-page';

export function Component() {
  return <AdminUserPage />;
}
