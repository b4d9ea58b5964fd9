import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider } from '../lib/auth-context';
import { queryClient, trpcClient } from '../lib/query-client';
import { useToasterWanted, wantToaster } from '../lib/notify';
import { trpc } from '../lib/trpc';

const LazyToaster = lazy(() => import('./lazy-toaster'));

/** After the page's load event and a short settle, so its own requests go first. */
const TOASTER_AFTER_LOAD_MS = 1_000;

export function AppProviders({ children }: { children: ReactNode }) {
  const toasterWanted = useToasterWanted();
  useEffect(() => {
    let timer: number | undefined;
    const soon = () => {
      timer = window.setTimeout(wantToaster, TOASTER_AFTER_LOAD_MS);
    };
    if (document.readyState === 'complete') soon();
    else window.addEventListener('load', soon, { once: true });
    return () => {
      window.removeEventListener('load', soon);
      window.clearTimeout(timer);
    };
  }, []);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>{children}</AuthProvider>
        {toasterWanted && (
          <Suspense fallback={null}>
            <LazyToaster />
          </Suspense>
        )}
      </QueryClientProvider>
    </trpc.Provider>
  );
}
