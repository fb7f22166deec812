import type { QueryClient } from '@tanstack/react-query';
import { PRODUCT_QUERY_KEYS } from '@/api/query-keys';

/** Marks every product the catalogue has shown as stale (PRODUCT_QUERY_KEYS: the product
 * page, the listing, the homepage and 'You might also like'), so pages and cards load the
 * stock again: an order takes stock, a cancellation gives it back. */
export function invalidateProductQueries(client: QueryClient): Promise<unknown> {
  return Promise.all(PRODUCT_QUERY_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })));
}
