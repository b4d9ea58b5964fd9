import { lazy, Suspense, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider } from '../features/auth/auth-context';
import { createTrpcClient, trpc } from '../lib/trpc';

const LazyToaster = lazy(() => import('./lazy-toaster'));

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          // Failed reads show their own error state; retrying a 4xx only delays it.
          queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
        },
      }),
  );
  const [trpcClient] = useState(createTrpcClient);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>{children}</AuthProvider>
        <Suspense fallback={null}>
          <LazyToaster />
        </Suspense>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
