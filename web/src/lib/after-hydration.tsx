import { Suspense, useSyncExternalStore, type ReactNode } from 'react';

const neverChanges = () => () => {};

/**
 * False on the server (the build-time prerender of the home page) and while React hydrates that
 * HTML; true afterwards, and from the start on any page React renders from scratch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}

/**
 * `fallback` in the prerendered HTML and in the render that hydrates it, `children` (suspending
 * on the same fallback) right after. For lazy chunks and fetched data: the prerender has neither,
 * and a hydrating render that had them would not match the HTML (React then logs an error and
 * throws the markup away).
 */
export function AfterHydration({
  fallback,
  children,
}: {
  fallback: ReactNode;
  children: ReactNode;
}) {
  return useHydrated() ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}
