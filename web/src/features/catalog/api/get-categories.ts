import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryList } from '@/api/types';
import { apiGet } from '@/lib/api-client';

export const getCategories = (): Promise<CategoryList> =>
  apiGet<CategoryList>('/category', undefined, 'Failed to fetch categories');

// Categories change rarely: fetched once, then kept.
export const getCategoriesQueryOptions = () =>
  queryOptions({ queryKey: ['categories'], queryFn: getCategories, staleTime: Infinity });

export const useCategories = () => useQuery(getCategoriesQueryOptions());
