import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, parsePath, RouterProvider, type RouteObject } from 'react-router';
import { useAuth } from '@/features/auth/store';
import { useLocalStore } from '@/features/cart/local-store';
import { usePromoCodeStore } from '@/features/checkout/promo-code-store';
import { usePriceReadingStore } from '@/features/shop/price-reading';

/** Renders `routes` at `path` (with location `state`, if given) with a fresh query client
 * (no retries, so failures show at once). */
export function renderRoutes(routes: RouteObject[], path = '/', state?: unknown) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const entry = state === undefined ? path : { ...parsePath(path), state };
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  return { router, ...render(<QueryClientProvider client={client}><RouterProvider router={router} /></QueryClientProvider>) };
}

export function renderWithRouter(element: ReactElement) {
  return renderRoutes([{ path: '*', element }]);
}

/** Signs out and empties the guest's lists, the promo code and the browser's storage, for `afterEach`. */
export function resetStores() {
  // Unmount first: emptying the stores would otherwise re-render the page outside act().
  cleanup();
  useLocalStore.getState().clear();
  useAuth.getState().signOut();
  usePromoCodeStore.getState().remove();
  usePriceReadingStore.getState().setReading('inc');
  localStorage.clear();
  sessionStorage.clear();
}
