import type { ReactNode } from 'react';
import { LoadFailed, LoadingRows } from '@/admin/shared/components/load-states';
import type { Category } from '@/api/types';
import { useCategories } from '@/features/catalog';

/** Loads the shop's categories and their sub-categories (a group's discounts name them)
 * and shows `children(categories)`, or why it cannot. */
export function WithShopCategories({ children }: { children: (categories: Category[]) => ReactNode }) {
  const categories = useCategories();
  if (categories.isPending) return <LoadingRows label="Loading categories" rows={2} />;
  if (categories.isError) return <LoadFailed error={categories.error} onRetry={() => void categories.refetch()} />;
  return <>{children(categories.data.categories)}</>;
}
