import { useEffect, useState } from 'react';

/**
 * Keeps the screen on while cook mode is open, with the Screen Wake Lock API where the browser
 * has it. The lock is released by the browser whenever the page is hidden, so it is asked for
 * again each time the page becomes visible. `unsupported`: the browser has no such API;
 * `refused`: it has one but said no (battery saver, a policy, an insecure page).
 */
export type WakeLockStatus = 'pending' | 'active' | 'unsupported' | 'refused';

export function useWakeLock(): WakeLockStatus {
  const [status, setStatus] = useState<WakeLockStatus>(() =>
    typeof navigator !== 'undefined' && 'wakeLock' in navigator && navigator.wakeLock
      ? 'pending'
      : 'unsupported',
  );

  useEffect(() => {
    const wakeLock = 'wakeLock' in navigator ? navigator.wakeLock : undefined;
    if (!wakeLock) return;
    let sentinel: WakeLockSentinel | null = null;
    let closed = false;
    const acquire = async () => {
      if (document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
      try {
        const next = await wakeLock.request('screen');
        if (closed) {
          void next.release();
          return;
        }
        sentinel = next;
        setStatus('active');
      } catch {
        if (!closed) setStatus('refused');
      }
    };
    const onVisibility = () => void acquire();
    void acquire();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      closed = true;
      document.removeEventListener('visibilitychange', onVisibility);
      void sentinel?.release();
    };
  }, []);

  return status;
}

export const WAKE_LOCK_TEXT: Record<WakeLockStatus, string> = {
  pending: 'Keeping the screen on…',
  active: 'The screen stays on while cook mode is open.',
  unsupported:
    'This browser cannot keep the screen on: set a longer screen timeout while you cook.',
  refused:
    'The browser did not let us keep the screen on (battery saver may be on): set a longer screen timeout while you cook.',
};
