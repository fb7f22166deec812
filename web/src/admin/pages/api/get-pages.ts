import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminGet } from '@/admin/shared/api/admin-call';
import { ADMIN_PAGES_KEY } from '@/api/query-keys';
import type { PageList } from '@/api/types';

/** GET /admin/page: the six pages (privacy, terms, …), each with its `version`. */
export const getAdminPages = () => adminGet<PageList>('/admin/page', {}, 'Failed to load the pages').then((data) => data.pages);

export const getAdminPagesQueryOptions = () => queryOptions({ queryKey: ADMIN_PAGES_KEY, queryFn: getAdminPages, staleTime: 0 });

export const useAdminPages = () => useQuery(getAdminPagesQueryOptions());
