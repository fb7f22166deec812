import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPut } from '@/admin/shared/api/admin-call';
import { CATEGORY_TREE_MUTATION } from '@/api/query-keys';
import type { TitleRequest, TreeChange } from '@/api/types';
import { treeChanged, treeRefused } from './category-tree';

/** PUT /admin/category/{id} `{title, version}`: 'Category renamed'; its products' search
 * text changes with it. The refusals of creating one, 404 'Category not found', and 409
 * 'This changed since you opened it: reload to see the latest' when renamed since `version`. */
export const renameCategory = (id: string, title: string, version: number) =>
  adminPut<TreeChange>(`/admin/category/${encodeURIComponent(id)}`, { title, version } satisfies TitleRequest, 'Failed to rename the category');

/** PUT /admin/sub-category/{id} `{title, version}`: 'Sub-category renamed'. The refusals of
 * creating one, 404 'Sub-category not found', and the 409 of a stale rename. */
export const renameSubCategory = (id: string, title: string, version: number) =>
  adminPut<TreeChange>(`/admin/sub-category/${encodeURIComponent(id)}`, { title, version } satisfies TitleRequest, 'Failed to rename the sub-category');

/** Renames the category (`kind` 'category') or sub-category with `id`, as shown at `version`. */
export function useRenameCategory(kind: 'category' | 'sub-category', id: string, version: number) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: CATEGORY_TREE_MUTATION,
    mutationFn: (title: string) => (kind === 'category' ? renameCategory(id, title, version) : renameSubCategory(id, title, version)),
    onSuccess: ({ categories }) => treeChanged(client, categories, { renamed: true }),
    onError: () => treeRefused(client),
  });
}
