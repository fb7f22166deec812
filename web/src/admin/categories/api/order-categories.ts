import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPost } from '@/admin/shared/api/admin-call';
import { CATEGORY_TREE_MUTATION } from '@/api/query-keys';
import type { DisplayOrderRequest, TreeChange } from '@/api/types';
import { treeChanged, treeRefused } from './category-tree';

/** POST /admin/category/order `{ids}`: every category's `_id`, each once, first shown
 * first; 'Categories reordered'. 400 'List every category exactly once' (the tree
 * changed since it was read). */
export const orderCategories = (ids: string[]) => adminPost<TreeChange>('/admin/category/order', { ids } satisfies DisplayOrderRequest, 'Failed to reorder the categories');

/** POST /admin/category/{id}/sub-category/order `{ids}`: every sub-category of the
 * category, each once; 'Sub-categories reordered'. 400 'List every sub-category of the
 * category exactly once'; 404 'Category not found'. */
export const orderSubCategories = (categoryId: string, ids: string[]) =>
  adminPost<TreeChange>(`/admin/category/${encodeURIComponent(categoryId)}/sub-category/order`, { ids } satisfies DisplayOrderRequest, 'Failed to reorder the sub-categories');

/** Puts the categories (no `categoryId`) or a category's sub-categories in a new order. */
export function useOrderCategories(categoryId?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: CATEGORY_TREE_MUTATION,
    mutationFn: (ids: string[]) => (categoryId === undefined ? orderCategories(ids) : orderSubCategories(categoryId, ids)),
    onSuccess: ({ categories }) => treeChanged(client, categories),
    onError: () => treeRefused(client),
  });
}
