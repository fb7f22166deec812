import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPost } from '@/admin/shared/api/admin-call';
import { productsChanged } from '@/admin/shared/api/product-changed';
import type { AdminProduct, AdminProductData, StockChangeRequest } from '@/api/types';

/** POST /admin/variant/{id}/stock `{change, reason}`: one variant's stock, for a product with
 * several (its own /stock answers 400 `errors.variantId` then); the product as it now is.
 * 400 `errors.change` / `errors.reason`; 409 'Only N in stock' when it would go below none. */
export const changeVariantStock = (variantId: string, body: StockChangeRequest): Promise<AdminProduct> =>
  adminPost<AdminProductData>(`/admin/variant/${encodeURIComponent(variantId)}/stock`, body, 'Failed to change the stock').then((data) => data.product);

export function useChangeVariantStock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ variantId, ...body }: StockChangeRequest & { variantId: string }) => changeVariantStock(variantId, body),
    // productsChanged marks the stock histories stale too.
    onSuccess: (product) => productsChanged(client, [product]),
  });
}
