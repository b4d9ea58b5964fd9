import { useEffect } from 'react';
import { notify } from '../../lib/notify';

/** Shows `message` as an error toast once for each new failure (`error` changes per failure). */
export function useErrorToast(error: unknown, message: string) {
  useEffect(() => {
    if (error) notify.error(message);
  }, [error, message]);
}
