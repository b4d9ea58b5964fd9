import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '@recipehub/ui/spinner';
import { useAuth } from '../../lib/auth-context';
import { notify } from '../../lib/notify';
import { usePageMeta } from '../../lib/page-meta';
import { trpc } from '../../lib/trpc';
import { paths } from '../../lib/paths';

/**
 * /logout: revokes the session on the server, clears the stored token and user, says so and goes
 * to login. The local session ends even when the server cannot be reached.
 */
export function Component() {
  usePageMeta('Logging out');
  const { token, signOut } = useAuth();
  const navigate = useNavigate();
  const logout = trpc.accounts.logout.useMutation();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const finish = () => {
      signOut();
      notify.success('Logged out successfully!');
      void navigate(paths.login, { replace: true });
    };
    if (token === null) finish();
    else
      logout
        .mutateAsync()
        .catch(() => undefined)
        .finally(finish);
  }, [token, signOut, navigate, logout]);

  return (
    <main className="page page--narrow">
      <Spinner label="Logging out…" />
    </main>
  );
}
