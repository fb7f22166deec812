import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { http } from 'msw';
import type { ReactNode } from 'react';
import { useHomePage } from '@/features/catalog/api/get-home-page';
import { useProduct } from '@/features/catalog/api/get-product';
import { useProducts } from '@/features/catalog/api/get-products';
import { useRelatedProducts } from '@/features/catalog/api/get-related-products';
import { readListing } from '@/features/catalog/listing';
import { envelope, product, server } from '@/testing/server';
import { shopProductsChanged } from './product-changed';

const SHOWN = product();

// The console names the shop's product query keys itself (product-changed.ts); the shop's
// own views, through their hooks, are what it must reach, so a key that drifts fails here.
describe('shopProductsChanged', () => {
  it('loads every product view of the shop again: the page, the listing, the homepage and the related products', async () => {
    const loads = { product: 0, products: 0, home: 0 };
    server.use(
      http.get('*/api/product/:id', () => {
        loads.product += 1;
        return envelope({ product: SHOWN });
      }),
      http.get('*/api/product', () => {
        loads.products += 1;
        return envelope({ products: [SHOWN], total: 1, page: 1, perPage: 10 });
      }),
      http.get('*/api/user/home-page', () => {
        loads.home += 1;
        return envelope({ topProducts: [SHOWN] });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(
      () => [useProduct(SHOWN._id), useProducts(readListing(new URLSearchParams())), useHomePage(), useRelatedProducts(SHOWN)] as const,
      { wrapper },
    );
    await waitFor(() => expect(result.current.every((query) => query.isSuccess)).toBe(true));
    // The listing is asked once for itself and (twice) for the related products.
    expect(loads).toEqual({ product: 1, products: 3, home: 1 });

    await shopProductsChanged(client);
    await waitFor(() => expect(loads).toEqual({ product: 2, products: 6, home: 2 }));
  });
});
