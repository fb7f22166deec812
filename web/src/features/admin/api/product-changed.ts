// What a change to products makes stale. The console shares the shop's query client (it is
// one app), so the shop's own product queries are marked too: an administrator who opens
// the shop in the same tab sees the product as it now is.
import type { QueryClient } from '@tanstack/react-query';
import type { AdminProduct } from '@/api/types';
import { invalidateProductQueries } from '@/features/catalog';
import { adminProductKey } from './get-admin-product';
import { ADMIN_PRODUCTS_KEY } from './get-admin-products';
import { DASHBOARD_KEY } from './get-dashboard';

/** Stores each changed product as the server answered it, and marks every list stale, and
 * the dashboard's low and out-of-stock products with them. */
export function productsChanged(client: QueryClient, products: AdminProduct[]): Promise<unknown> {
  for (const product of products) client.setQueryData(adminProductKey(product._id), product);
  return productListsChanged(client);
}

/** Marks every list of products stale: the console's tables, the dashboard's low and
 * out-of-stock products, and the shop's pages and cards (a deleted product leaves them all). */
export function productListsChanged(client: QueryClient): Promise<unknown> {
  return Promise.all([client.invalidateQueries({ queryKey: ADMIN_PRODUCTS_KEY }), client.invalidateQueries({ queryKey: DASHBOARD_KEY }), invalidateProductQueries(client)]);
}
