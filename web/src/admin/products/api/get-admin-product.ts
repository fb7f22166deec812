import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminGet } from '@/admin/shared/api/admin-call';
import { adminProductKey } from '@/api/query-keys';
import type { AdminProduct, AdminProductData } from '@/api/types';

/** One product with what only the console sees (featured, the discount as set); 404
 * 'Product not found'. */
export const getAdminProduct = (id: string): Promise<AdminProduct> =>
  adminGet<AdminProductData>(`/admin/product/${encodeURIComponent(id)}`, undefined, 'Failed to load the product').then((data) => data.product);

export const getAdminProductQueryOptions = (id: string) => queryOptions({ queryKey: adminProductKey(id), queryFn: () => getAdminProduct(id), staleTime: 0 });

export const useAdminProduct = (id: string) => useQuery(getAdminProductQueryOptions(id));
