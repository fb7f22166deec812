import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TitleRequest, TreeChange } from '@/api/types';
import { adminPut } from './admin-call';
import { CATEGORY_TREE_MUTATION, treeChanged, treeRefused } from './category-tree';

/** PUT /admin/category/{id} `{title}`: 'Category renamed'; its products' search text
 * changes with it. The refusals of creating one, and 404 'Category not found'. */
export const renameCategory = (id: string, title: string) =>
  adminPut<TreeChange>(`/admin/category/${encodeURIComponent(id)}`, { title } satisfies TitleRequest, 'Failed to rename the category');

/** PUT /admin/sub-category/{id} `{title}`: 'Sub-category renamed'. The refusals of
 * creating one, and 404 'Sub-category not found'. */
export const renameSubCategory = (id: string, title: string) =>
  adminPut<TreeChange>(`/admin/sub-category/${encodeURIComponent(id)}`, { title } satisfies TitleRequest, 'Failed to rename the sub-category');

/** Renames the category (`kind` 'category') or sub-category with `id`. */
export function useRenameCategory(kind: 'category' | 'sub-category', id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: CATEGORY_TREE_MUTATION,
    mutationFn: (title: string) => (kind === 'category' ? renameCategory(id, title) : renameSubCategory(id, title)),
    onSuccess: ({ categories }) => treeChanged(client, categories, { renamed: true }),
    onError: () => treeRefused(client),
  });
}
