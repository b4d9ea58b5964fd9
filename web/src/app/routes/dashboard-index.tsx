import { DashboardPage } from '../../features/dashboard/dashboard-page';

export function Component() {
  return <DashboardPage />;
}
