import type { toast as sonnerToast } from 'sonner';

// The shop's toasts: sonner's `toast.success`, `.error` and `.info`, with sonner itself
// (its Toaster and the styles it injects, about 10 kB gzipped) loaded when the first toast
// is shown instead of with every first page. <Toasts /> (app/provider.tsx) mounts the
// Toaster once asked; sonner hands it the toasts made before it subscribed.

type Sonner = typeof import('sonner');
type Show = typeof sonnerToast.success;

let sonner: Promise<Sonner> | undefined;
const listeners = new Set<() => void>();

/** sonner, loaded once; the first call also tells <Toasts /> to mount the Toaster. */
export function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner');
    listeners.forEach((listener) => listener());
  }
  return sonner;
}

/** Whether a toast has been asked for, and so the Toaster is wanted (useSyncExternalStore). */
export const toastsWanted = () => sonner !== undefined;
export function onToastsWanted(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const show =
  (kind: 'success' | 'error' | 'info') =>
  (...args: Parameters<Show>): void => {
    void loadSonner().then(({ toast }) => toast[kind](...args));
  };

export const toast = { success: show('success'), error: show('error'), info: show('info') };
