import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPost } from '@/admin/shared/api/admin-call';
import { productsChanged } from '@/admin/shared/api/product-changed';
import type { AdminProduct, AdminProductsData, BulkRequest } from '@/api/types';

/** The changes the table makes to its selected rows: the first two take a `value`. */
export type BulkAction = 'setStock' | 'adjustPrice' | 'archive' | 'unarchive';

/** POST /admin/product/bulk: every product changes or none does ('archive' and
 * 'unarchive' take no `value`). 400 with the server's reason for a value out of range or
 * too many ids, 404 when an id names no product. */
export const bulkUpdateProducts = (body: BulkRequest & { action: BulkAction }): Promise<AdminProduct[]> =>
  adminPost<AdminProductsData>('/admin/product/bulk', body, 'Failed to update the products').then((data) => data.products);

export function useBulkUpdateProducts() {
  const client = useQueryClient();
  return useMutation({ mutationFn: bulkUpdateProducts, onSuccess: (products) => productsChanged(client, products) });
}
