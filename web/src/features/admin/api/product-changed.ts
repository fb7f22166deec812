// What a change to products makes stale. The console shares the shop's query client (it is
// one app), so the shop's own product queries are marked too: an administrator who opens
// the shop in the same tab sees the product as it now is.
import type { QueryClient } from '@tanstack/react-query';
import type { AdminProduct } from '@/api/types';
import { adminProductKey } from './get-admin-product';
import { ADMIN_PRODUCTS_KEY } from './get-admin-products';
import { DASHBOARD_KEY } from './get-dashboard';
import { STOCK_HISTORY_KEY } from './get-stock-history';

/** The first part of the key of every shop query that shows a product: its page, the
 * listing, the home page and 'You might also like' (the shop's own list is
 * PRODUCT_QUERY_ROOTS, features/catalog/api/invalidate-products.ts). Named here, not
 * imported: checkout and the order pages load that module in the chunk they share, and a
 * console import of it would split it into a file of its own, one more request on each. */
const SHOP_PRODUCT_QUERY_ROOTS = ['product', 'products', 'home-page', 'related-products'] as const;

/** Marks every product the shop has shown as stale, so its pages and cards load it again. */
export function shopProductsChanged(client: QueryClient): Promise<unknown> {
  return Promise.all(SHOP_PRODUCT_QUERY_ROOTS.map((root) => client.invalidateQueries({ queryKey: [root] })));
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
