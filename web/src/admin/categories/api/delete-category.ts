import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminDelete } from '@/admin/shared/api/admin-call';
import { CATEGORY_TREE_MUTATION } from '@/api/query-keys';
import type { TreeChange } from '@/api/types';
import { treeChanged, treeRefused } from './category-tree';

/** DELETE /admin/category/{id}: 'Category deleted'. 404 'Category not found'; 409 'This
 * category still holds 2 sub-categories and 5 products (archived ones count): move or
 * delete them first'. */
export const deleteCategory = (id: string) => adminDelete<TreeChange>(`/admin/category/${encodeURIComponent(id)}`, 'Failed to delete the category');

/** DELETE /admin/sub-category/{id}: 'Sub-category deleted'. 404 'Sub-category not found';
 * 409 'This sub-category still holds 3 products (archived ones count): move them first'. */
export const deleteSubCategory = (id: string) => adminDelete<TreeChange>(`/admin/sub-category/${encodeURIComponent(id)}`, 'Failed to delete the sub-category');

/** Deletes the category (`kind` 'category') or sub-category with `id`. */
export function useDeleteCategory(kind: 'category' | 'sub-category', id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: CATEGORY_TREE_MUTATION,
    mutationFn: () => (kind === 'category' ? deleteCategory(id) : deleteSubCategory(id)),
    onSuccess: ({ categories }) => treeChanged(client, categories),
    onError: () => treeRefused(client),
  });
}
