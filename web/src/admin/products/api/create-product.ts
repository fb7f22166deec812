import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPost } from '@/admin/shared/api/admin-call';
import { productsChanged } from '@/admin/shared/api/product-changed';
import type { AdminProduct, AdminProductData } from '@/api/types';
import type { VariantProductRequest as ProductRequest } from '../variant-types';

/** POST /admin/product: 201 'Product created' (with no photos yet); 400 with `errors`
 * by field name when a field breaks a rule. */
export const createProduct = (body: ProductRequest): Promise<AdminProduct> =>
  adminPost<AdminProductData>('/admin/product', body, 'Failed to create the product').then((data) => data.product);

export function useCreateProduct() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createProduct, onSuccess: (product) => productsChanged(client, [product]) });
}
