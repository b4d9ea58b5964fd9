import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { Spinner } from '@recipehub/ui/spinner';
import { useAuth } from '../../lib/auth-context';
import { notify } from '../../lib/notify';
import { paths } from '../../lib/paths';

export const NO_PERMISSION = 'You do not have permission to view this page.';

/**
 * The layout route of admin pages (spec §6): others get the permission toast and go to the dashboard. The role comes
 * from the profile; the server checks it again on every call.
 */
export function Component() {
  const { user, loadingUser } = useAuth();
  const navigate = useNavigate();
  const refused = !loadingUser && user?.role !== 'Admin';

  useEffect(() => {
    if (!refused) return;
    notify.error(NO_PERMISSION);
    void navigate(paths.dashboard.index, { replace: true });
  }, [refused, navigate]);

  if (loadingUser) return <Spinner label="Checking your access…" />;
  if (refused) return null;
  return <Outlet />;
}
