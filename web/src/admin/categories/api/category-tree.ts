// The category tree as the console edits it. There is no admin call to read it: the
// shop's GET /category is the tree, and every change answers with the tree as the shop
// now shows it, so the console and the shop share one cached copy (the console shares
// the shop's query client) and each answer replaces it.
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { shopProductsChanged } from '@/admin/shared/api/product-changed';
import { ADMIN_PRODUCT_KEY, ADMIN_PRODUCTS_KEY, CATEGORIES_KEY } from '@/api/query-keys';
import type { Category } from '@/api/types';
import { getCategoriesQueryOptions } from '@/features/catalog';

/** The tree, read afresh whenever the console's page opens (the shop keeps its copy for
 * good; another administrator may have changed it since). */
export const useCategoryTree = () => useQuery({ ...getCategoriesQueryOptions(), staleTime: 0 });

/** Puts the tree a change answered with in the shared cache: the shop's menu, filters
 * and the product form show it at once. A rename also changes what every product of the
 * category shows (its category's title, its search text), so products load again. */
export function treeChanged(client: QueryClient, categories: Category[], { renamed = false } = {}): Promise<unknown> {
  client.setQueryData(getCategoriesQueryOptions().queryKey, { categories });
  if (!renamed) return Promise.resolve();
  return Promise.all([shopProductsChanged(client), client.invalidateQueries({ queryKey: ADMIN_PRODUCTS_KEY }), client.invalidateQueries({ queryKey: ADMIN_PRODUCT_KEY })]);
}

/** After a refusal: the tree may have moved on (another administrator changed it since
 * it was read, so an order no longer lists every category), so it is read again. */
export const treeRefused = (client: QueryClient) => client.invalidateQueries({ queryKey: CATEGORIES_KEY });
