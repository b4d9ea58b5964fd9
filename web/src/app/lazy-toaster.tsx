import { useEffect } from 'react';
import { Toaster } from '@recipehub/ui/toaster';
import { toasterMounted } from '../lib/notify';

/** Loaded after the first paint (React.lazy in providers.tsx) to keep sonner out of the first download. */
export default function LazyToaster() {
  useEffect(() => toasterMounted(), []);
  return <Toaster />;
}
