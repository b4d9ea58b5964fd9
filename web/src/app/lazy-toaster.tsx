import { useEffect } from 'react';
import { Toaster } from '@recipehub/ui/toaster';
import { toasterMounted } from '../lib/notify';

/** Loaded on the first toast or once the page has loaded (providers.tsx): sonner stays out of the first download. */
export default function LazyToaster() {
  useEffect(() => toasterMounted(), []);
  return <Toaster />;
}
