import { queryOptions, useQuery } from '@tanstack/react-query';
import { CATEGORIES_KEY } from '@/api/query-keys';
import type { CategoryList } from '@/api/types';
import { apiGet } from '@/lib/api-client';

export const getCategories = (): Promise<CategoryList> =>
  apiGet<CategoryList>('/category', undefined, 'Failed to fetch categories');

// Categories change rarely: fetched once, then kept.
export const getCategoriesQueryOptions = () =>
  queryOptions({ queryKey: CATEGORIES_KEY, queryFn: getCategories, staleTime: Infinity });

export const useCategories = () => useQuery(getCategoriesQueryOptions());
