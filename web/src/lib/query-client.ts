import { QueryClient } from '@tanstack/react-query';
import { createTRPCQueryUtils } from '@trpc/react-query';
import type { AppRouter } from '@recipehub/server/app-router';
import { createTrpcClient } from './trpc';

/*
 * One query cache and one tRPC client for the page's lifetime, created when the app's code runs
 * rather than inside a component, so a page can start its first reads before React's first
 * render (see home's prefetch).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    // Failed reads show their own error state; retrying a 4xx only delays it.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
  },
});

export const trpcClient = createTrpcClient();

/** Prefetch and cache access outside components, with the same keys the hooks use. */
export const trpcUtils = createTRPCQueryUtils<AppRouter>({
  queryClient,
  client: trpcClient,
});
