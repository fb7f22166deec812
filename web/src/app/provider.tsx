import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import '@/features/auth/store';
import { SessionCheck } from '@/features/auth/session';
import { SyncOnSignIn } from '@/features/cart/sync';
import { makeQueryClient } from '@/lib/query-client';

/** Server state and toasts (4000 ms, at most 3 visible, bottom-right; sonner's width is 356 px). */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <SessionCheck />
      <SyncOnSignIn />
      <Toaster position="bottom-right" duration={4000} visibleToasts={3} />
    </QueryClientProvider>
  );
}
