import { Navigate, Outlet, useLocation } from 'react-router';
import { DashboardLayout } from '@recipehub/ui/dashboard-layout';
import { useAuth } from '../../lib/auth-context';
import { renderRouterLink } from '../../lib/render-link';
import { paths } from '../../lib/paths';
import { DASHBOARD_MENU } from './dashboard-menu';

/** Every /dashboard/ route needs a stored token; without one: /login, replacing history (spec §2). */
export function Component() {
  const { token, isAdmin } = useAuth();
  const location = useLocation();
  if (token === null) return <Navigate to={paths.login} replace />;
  return (
    <DashboardLayout
      isAdmin={isAdmin}
      menu={DASHBOARD_MENU}
      homeHref={paths.home}
      logoutHref={paths.logout}
      currentPath={location.pathname}
      renderLink={renderRouterLink}
    >
      <Outlet />
    </DashboardLayout>
  );
}
