import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { http } from 'msw';
import type { ReactNode } from 'react';
import { envelope, product, server } from '@/testing/server';
import { readListing } from '../listing';
import { useHomePage } from './get-home-page';
import { useNeededProducts } from './get-needed-products';
import { useProduct } from './get-product';
import { useProducts } from './get-products';
import { useRelatedProducts } from './get-related-products';
import { invalidateProductQueries } from './invalidate-products';

const SHOWN = product();

describe('invalidateProductQueries', () => {
  it("loads every product view again: the page, the listing, the homepage, the related products and You'll also need", async () => {
    const loads = { product: 0, products: 0, home: 0, needed: 0 };
    server.use(
      http.get('*/api/product/:id/related', () => {
        loads.needed += 1;
        return envelope({ products: [SHOWN] }, 'Related products');
      }),
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
      () => [useProduct(SHOWN._id), useProducts(readListing(new URLSearchParams())), useHomePage(), useRelatedProducts(SHOWN), useNeededProducts(SHOWN._id)] as const,
      { wrapper },
    );
    await waitFor(() => expect(result.current.every((query) => query.isSuccess)).toBe(true));
    // The listing is asked once for itself and (twice) for the related products.
    expect(loads).toEqual({ product: 1, products: 3, home: 1, needed: 1 });

    await invalidateProductQueries(client);
    await waitFor(() => expect(loads).toEqual({ product: 2, products: 6, home: 2, needed: 2 }));
  });
});
