import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@/api/types';
import { apiGet } from '@/lib/api-client';

export const getProduct = (id: string): Promise<Product> =>
  apiGet<{ product: Product }>(`/product/${encodeURIComponent(id)}`, undefined, 'Failed to fetch product').then((data) => data.product);

export const getProductQueryOptions = (id: string) => queryOptions({ queryKey: ['product', id], queryFn: () => getProduct(id) });

export const useProduct = (id: string) => useQuery(getProductQueryOptions(id));
