import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth-context';
import { notify } from '../../lib/notify';
import { paths } from '../../lib/paths';

/**
 * Spec §6: reacting, saving, commenting and reviewing need a token; without one the user gets a
 * please-log-in message and goes to /login. Returns true when the action may go ahead.
 */
export function useLoginRequired() {
  const { token } = useAuth();
  const navigate = useNavigate();
  return useCallback(
    (message: string) => {
      if (token !== null) return true;
      notify.error(message);
      void navigate(paths.login);
      return false;
    },
    [token, navigate],
  );
}
