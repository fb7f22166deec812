import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPost } from '@/admin/shared/api/admin-call';
import { CATEGORY_TREE_MUTATION } from '@/api/query-keys';
import type { TitleRequest, TreeChange } from '@/api/types';
import { treeChanged, treeRefused } from './category-tree';

/** POST /admin/category `{title}`: 201 'Category created', after the others. 400
 * `errors.title` ('Title is required', 'Title must be at most 60 characters', 'Title must
 * be one line of text'); 409 "A category titled '…' already exists". */
export const createCategory = (title: string) => adminPost<TreeChange>('/admin/category', { title } satisfies TitleRequest, 'Failed to create the category');

/** POST /admin/category/{id}/sub-category `{title}`: 201 'Sub-category created', last of
 * the category's. The title's refusals as above; 404 'Category not found'; 409 "This
 * category already has a sub-category titled '…'". */
export const createSubCategory = (categoryId: string, title: string) =>
  adminPost<TreeChange>(`/admin/category/${encodeURIComponent(categoryId)}/sub-category`, { title } satisfies TitleRequest, 'Failed to create the sub-category');

export function useCreateCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: CATEGORY_TREE_MUTATION,
    mutationFn: createCategory,
    onSuccess: ({ categories }) => treeChanged(client, categories),
    onError: () => treeRefused(client),
  });
}

export function useCreateSubCategory(categoryId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: CATEGORY_TREE_MUTATION,
    mutationFn: (title: string) => createSubCategory(categoryId, title),
    onSuccess: ({ categories }) => treeChanged(client, categories),
    onError: () => treeRefused(client),
  });
}
