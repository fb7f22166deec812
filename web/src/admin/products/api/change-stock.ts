import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPost } from '@/admin/shared/api/admin-call';
import { productsChanged } from '@/admin/shared/api/product-changed';
import type { AdminProduct, AdminProductData, StockChangeRequest } from '@/api/types';

/** POST /admin/product/{id}/stock `{change, reason}`: 'Stock changed', the product as it
 * now is; 400 `errors.change` / `errors.reason`; 409 'Only N in stock' when it would go
 * below none; 404 'Product not found'. */
export const changeStock = (id: string, body: StockChangeRequest): Promise<AdminProduct> =>
  adminPost<AdminProductData>(`/admin/product/${encodeURIComponent(id)}/stock`, body, 'Failed to change the stock').then((data) => data.product);

export function useChangeStock(id: string) {
  const client = useQueryClient();
  // productsChanged marks the stock histories stale too.
  return useMutation({ mutationFn: (body: StockChangeRequest) => changeStock(id, body), onSuccess: (product) => productsChanged(client, [product]) });
}
