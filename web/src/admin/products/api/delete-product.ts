import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminDelete } from '@/admin/shared/api/admin-call';
import { productListsChanged } from '@/admin/shared/api/product-changed';
import type { AdminProduct, AdminProductData } from '@/api/types';
import { ApiError } from '@/lib/api-client';

/** DELETE /admin/product/{id}, for a product made by mistake: 'Product deleted', the
 * product as it was; its photos and reviews go with it. 409 'This product has been ordered
 * (2 order lines): archive it instead, so it leaves the shop and stays in those orders'
 * (nothing changes); 404 'Product not found'. */
export const deleteProduct = (id: string): Promise<AdminProduct> =>
  adminDelete<AdminProductData>(`/admin/product/${encodeURIComponent(id)}`, 'Failed to delete the product').then((data) => data.product);

export function useDeleteProduct(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => deleteProduct(id),
    // The product's own query is left alone: its page is still showing until the caller
    // leaves it, and a refetch there would only find it gone.
    onSuccess: () => productListsChanged(client),
    // A 404 means it was deleted elsewhere: the lists still showing it are stale too.
    onError: (error) => (error instanceof ApiError && error.status === 404 ? productListsChanged(client) : undefined),
  });
}
