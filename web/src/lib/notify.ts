/**
 * Toasts (spec §8: 3 s, close button, green/red, top centre) without putting the toast library in
 * the first download: the toaster chunk loads right after the first paint (see app/providers.tsx)
 * and every call waits for it to be mounted.
 */
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

async function withToaster(show: (toaster: ToasterModule) => void) {
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
