import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPut } from '@/admin/shared/api/admin-call';
import { productsChanged } from '@/admin/shared/api/product-changed';
import type { AdminProduct, AdminProductData } from '@/api/types';
import type { VariantProductRequest as ProductRequest } from '../variant-types';

/** PUT /admin/product/{id} with every field: 'Product updated'; 400 with `errors` by
 * field name as for creating; 404 'Product not found'. */
export const updateProduct = (id: string, body: ProductRequest): Promise<AdminProduct> =>
  adminPut<AdminProductData>(`/admin/product/${encodeURIComponent(id)}`, body, 'Failed to save the product').then((data) => data.product);

export function useUpdateProduct(id: string) {
  const client = useQueryClient();
  return useMutation({ mutationFn: (body: ProductRequest) => updateProduct(id, body), onSuccess: (product) => productsChanged(client, [product]) });
}
