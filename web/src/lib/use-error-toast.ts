import { useEffect, useRef } from 'react';
import { notify } from './notify';

/**
 * Shows `message` as an error toast when `failed` becomes true, once per failure: StrictMode runs
 * effects twice in development, and a query that keeps failing should not stack toasts.
 */
export function useErrorToast(failed: boolean, message: string) {
  const shown = useRef(false);
  useEffect(() => {
    if (!failed) {
      shown.current = false;
      return;
    }
    if (shown.current) return;
    shown.current = true;
    notify.error(message);
  }, [failed, message]);
}
