import type { QueryClient } from '@tanstack/react-query';

/** The first part of the key of every catalogue query that shows a product's stock:
 * the product page (get-product.ts), the listing (get-products.ts), the homepage
 * (get-home-page.ts) and 'You might also like' (get-related-products.ts). The console
 * names them itself (features/admin/api/product-changed.ts): a root added here goes there too. */
export const PRODUCT_QUERY_ROOTS = ['product', 'products', 'home-page', 'related-products'] as const;

/** Marks every product the catalogue has shown as stale, so pages and cards load the
 * stock again: an order takes stock, a cancellation gives it back. */
export function invalidateProductQueries(client: QueryClient): Promise<unknown> {
  return Promise.all(PRODUCT_QUERY_ROOTS.map((root) => client.invalidateQueries({ queryKey: [root] })));
}
