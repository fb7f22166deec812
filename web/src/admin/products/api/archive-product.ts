import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPost } from '@/admin/shared/api/admin-call';
import { productsChanged } from '@/admin/shared/api/product-changed';
import type { AdminProduct, AdminProductData } from '@/api/types';

/** POST /admin/product/{id}/archive or /unarchive: 'Product archived' (it leaves the shop
 * and stays in old orders) or 'Product unarchived' (back as it was), the product as it now
 * is; a repeat changes nothing. 404 'Product not found'. */
export const setProductArchived = (id: string, archived: boolean): Promise<AdminProduct> =>
  adminPost<AdminProductData>(
    `/admin/product/${encodeURIComponent(id)}/${archived ? 'archive' : 'unarchive'}`,
    undefined,
    archived ? 'Failed to archive the product' : 'Failed to unarchive the product',
  ).then((data) => data.product);

export function useSetProductArchived(id: string) {
  const client = useQueryClient();
  return useMutation({ mutationFn: (archived: boolean) => setProductArchived(id, archived), onSuccess: (product) => productsChanged(client, [product]) });
}
