import { queryOptions, useQuery } from '@tanstack/react-query';
import { relatedProductsKey } from '@/api/query-keys';
import type { Product, ProductList } from '@/api/types';
import { apiGet } from '@/lib/api-client';

/** How many products 'You might also like' shows. */
export const RELATED_COUNT = 3;

/** Three other products of the same sub-category, topped up from the category
 * (docs/DESIGN.md §5), newest first. */
export async function getRelatedProducts(product: Product): Promise<Product[]> {
  const others = (list: ProductList) => list.products.filter((p) => p._id !== product._id);
  const fetchSome = (filter: Record<string, string>) =>
    apiGet<ProductList>('/product', { ...filter, perPage: RELATED_COUNT + 1 }, 'Failed to fetch products').then(others);
  const related = await fetchSome({ subCategoryIds: product.subCategory._id });
  if (related.length < RELATED_COUNT) {
    const more = await fetchSome({ categoryIds: product.category._id });
    for (const candidate of more) {
      if (related.length < RELATED_COUNT && !related.some((p) => p._id === candidate._id)) related.push(candidate);
    }
  }
  return related.slice(0, RELATED_COUNT);
}

export const useRelatedProducts = (product: Product | undefined) =>
  useQuery(
    queryOptions({
      queryKey: relatedProductsKey(product?._id),
      queryFn: () => getRelatedProducts(product!),
      enabled: Boolean(product),
    }),
  );
