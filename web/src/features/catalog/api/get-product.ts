import { queryOptions, useQuery } from '@tanstack/react-query';
import { productKey } from '@/api/query-keys';
import type { Product } from '@/api/types';
import { apiGet } from '@/lib/api-client';

export const getProduct = (id: string): Promise<Product> =>
  apiGet<{ product: Product }>(`/product/${encodeURIComponent(id)}`, undefined, 'Failed to fetch product').then((data) => data.product);

/** The product the server put in the page it served (`<script id="product-data">`, what
 * `GET /api/product/{id}` answers), when it is product `id`: the page shows it without
 * asking again. */
export function embeddedProduct(id: string): Product | undefined {
  const text = document.getElementById('product-data')?.textContent;
  if (!text) return undefined;
  try {
    const product = (JSON.parse(text) as { product?: Product }).product;
    return product?._id === id ? product : undefined;
  } catch {
    return undefined;
  }
}

export const getProductQueryOptions = (id: string) =>
  queryOptions({ queryKey: productKey(id), queryFn: () => getProduct(id), initialData: () => embeddedProduct(id) });

export const useProduct = (id: string) => useQuery(getProductQueryOptions(id));
