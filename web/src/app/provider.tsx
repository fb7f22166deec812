import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from 'react';
import '@/features/auth/store';
import { PricesFollowShopper, SessionCheck } from '@/features/auth/session';
import { SyncOnSignIn } from '@/features/cart/sync';
import { makeQueryClient } from '@/lib/query-client';
import { loadSonner, onToastsWanted, toastsWanted } from '@/lib/toast';

/** Server state (`client`, or a new one) and toasts. */
export function AppProvider({ client, children }: { client?: QueryClient; children: ReactNode }) {
  const [queryClient] = useState(() => client ?? makeQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <SessionCheck />
      <PricesFollowShopper />
      <SyncOnSignIn />
      <Toasts />
    </QueryClientProvider>
  );
}

const Toaster = lazy(() => loadSonner().then((sonner) => ({ default: sonner.Toaster })));

/** sonner's Toaster (4000 ms, at most 3 visible, bottom-right; 356 px wide), from the
 * first toast on: a page that shows none loads none of it (lib/toast.ts). */
function Toasts() {
  const wanted = useSyncExternalStore(onToastsWanted, toastsWanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="bottom-right" duration={4000} visibleToasts={3} />
    </Suspense>
  );
}
