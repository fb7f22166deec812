// What a change to products makes stale. The console shares the shop's query client (it is
// one app), so the shop's own product queries are marked too: an administrator who opens
// the shop in the same tab sees the product as it now is.
import type { QueryClient } from '@tanstack/react-query';
import { ADMIN_PRODUCTS_KEY, adminProductKey, DASHBOARD_KEY, PRODUCT_QUERY_KEYS, STOCK_HISTORY_KEY } from '@/api/query-keys';
import type { AdminProduct } from '@/api/types';

/** Marks every product the shop has shown as stale (PRODUCT_QUERY_KEYS: its page, the
 * listing, the home page and 'You might also like'), so its pages and cards load it
 * again. The shop's own invalidateProductQueries (features/catalog) does the same; it is
 * not imported: checkout and the order pages load that module in the chunk they share,
 * and a console import of it would split it into a file of its own, one more request on each. */
export function shopProductsChanged(client: QueryClient): Promise<unknown> {
  return Promise.all(PRODUCT_QUERY_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })));
}

/** Stores each changed product as the server answered it, and marks every list stale, and
 * the dashboard's low and out-of-stock products with them. */
export function productsChanged(client: QueryClient, products: AdminProduct[]): Promise<unknown> {
  for (const product of products) client.setQueryData(adminProductKey(product._id), product);
  return productListsChanged(client);
}

/** Marks every list of products stale: the console's tables, the dashboard's low and
 * out-of-stock products, the stock histories (a bulk 'Set stock' adds to them), and the
 * shop's pages and cards (a deleted product leaves them all). */
export function productListsChanged(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: ADMIN_PRODUCTS_KEY }),
    client.invalidateQueries({ queryKey: DASHBOARD_KEY }),
    client.invalidateQueries({ queryKey: STOCK_HISTORY_KEY }),
    shopProductsChanged(client),
  ]);
}
