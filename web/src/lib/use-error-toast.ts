import { useEffect, useRef } from 'react';
import { notify } from './notify';

/**
 * Shows `message` as an error toast once per failure. `failure` is a query's `error` (a new object
 * for each failed fetch, so each gets its toast) or its `isError` (a toast each time it turns
 * true). Remembering the last one toasted keeps StrictMode's second effect run, and a re-render
 * while the same failure stands, from stacking toasts.
 */
export function useErrorToast(failure: unknown, message: string) {
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (!failure) {
      shown.current = null;
      return;
    }
    if (shown.current === failure) return;
    shown.current = failure;
    notify.error(message);
  }, [failure, message]);
}
