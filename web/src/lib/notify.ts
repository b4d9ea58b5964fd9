/**
 * Toasts (spec §8: 3 s, close button, green/red, top centre) without putting the toast library in
 * the first download, nor its download in the way of the first page's own requests: the toaster
 * is mounted on the first toast, or once the page has loaded and settled (app/providers.tsx), and
 * every call waits for it to be mounted.
 */
import { useSyncExternalStore } from 'react';
import type * as ToasterExports from '@recipehub/ui/toaster';

type ToasterModule = typeof ToasterExports;

let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** Called by the lazily loaded toaster once it is on the page. */
export function toasterMounted() {
  markMounted();
}

let wanted = false;
const listeners = new Set<() => void>();

/** Asks for the toaster to be mounted (once; later calls do nothing). */
export function wantToaster() {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

/** Whether the toaster should be on the page yet. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    // The prerendered home page has no toaster; the page adds it once it has loaded.
    () => false,
  );
}

async function withToaster(show: (toaster: ToasterModule) => void) {
  wantToaster();
  const [toaster] = await Promise.all([import('@recipehub/ui/toaster'), mounted]);
  show(toaster);
}

export const notify = {
  success(message: string) {
    void withToaster((toaster) => toaster.toastSuccess(message));
  },
  error(message: string) {
    void withToaster((toaster) => toaster.toastError(message));
  },
};
