import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { neededProductsKey } from '@/api/query-keys';
import type { components } from '@/api/schema';
import type { Product } from '@/api/types';
import { apiGet } from '@/lib/api-client';

type RelatedProducts = components['schemas']['RelatedProducts'];

/** How many of the cart's products 'You'll also need' asks about, and how many cards it
 * shows there. */
export const NEEDED_SOURCES = 5;
export const NEEDED_IN_CART = 8;

/** 'You'll also need' beside a product (docs/DESIGN.md §12): what staff linked to it, in
 * their order, else its sub-category's best sellers; listing cards priced for who asks. */
export const getNeededProducts = (productId: string): Promise<Product[]> =>
  apiGet<RelatedProducts>(`/product/${encodeURIComponent(productId)}/related`, undefined, 'Failed to fetch related products').then(
    (data) => data.products,
  );

export const getNeededProductsQueryOptions = (productId: string) =>
  queryOptions({ queryKey: neededProductsKey(productId), queryFn: () => getNeededProducts(productId) });

export const useNeededProducts = (productId: string) => useQuery({ ...getNeededProductsQueryOptions(productId), enabled: productId !== '' });

/** 'You'll also need' beside several products (the cart's lines, in their order): the
 * answers for the first NEEDED_SOURCES of them, asked at once and shared with their
 * pages, merged in that order (the first product's first), without those products
 * themselves or anything twice, at most NEEDED_IN_CART. Undefined while the first
 * product's answer loads; later answers add their cards after it as they come, so a line
 * added since (the cart's last) loads without hiding what is shown. */
export function useNeededWith(productIds: string[]): Product[] | undefined {
  const asked = [...new Set(productIds)].slice(0, NEEDED_SOURCES);
  return useQueries({
    queries: asked.map((id) => getNeededProductsQueryOptions(id)),
    combine: (results) => {
      if (results.length === 0 || results[0].isPending) return undefined;
      const leftOut = new Set(productIds);
      const shown: Product[] = [];
      for (const result of results) {
        // Cards come in the products' order: an answer still on its way holds back the later ones.
        if (result.isPending) break;
        for (const product of result.data ?? []) {
          if (shown.length === NEEDED_IN_CART) return shown;
          if (leftOut.has(product._id)) continue;
          leftOut.add(product._id);
          shown.push(product);
        }
      }
      return shown;
    },
  });
}
