import { Toaster as Sonner, toast, type ToasterProps } from 'sonner';
import './toaster.css';

/** Toast defaults from the spec: top centre, 3000 ms, close button. */
export const TOAST_DURATION_MS = 3000;

/** Mount once near the root of the app. Stories may override props (e.g. a longer duration). */
export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      position="top-center"
      duration={TOAST_DURATION_MS}
      closeButton
      toastOptions={{ unstyled: true, classNames: { toast: 'rh-toast' } }}
      {...props}
    />
  );
}

/** Green success toast, e.g. "Recipe saved!". */
export function toastSuccess(message: string) {
  return toast.success(message);
}

/** Red error toast, e.g. "Failed to save recipe.". */
export function toastError(message: string) {
  return toast.error(message);
}

export function toastMessage(message: string) {
  return toast(message);
}

export function dismissToasts() {
  toast.dismiss();
}
