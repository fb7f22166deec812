import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminGet } from '@/admin/shared/api/admin-call';
import type { ReturnsQuery } from '../paths';
import { adminReturnsKey } from '../query-keys';
import type { ReturnList } from '../types';

/** How many returns the table shows on a page. */
export const ADMIN_RETURNS_PER_PAGE = 20;

/** GET /admin/return?status&page&perPage: every return, newest first, or those at one
 * status (a blank one is not sent). */
export const getAdminReturns = ({ status, page }: ReturnsQuery) =>
  adminGet<ReturnList>('/admin/return', { status: status || undefined, page, perPage: ADMIN_RETURNS_PER_PAGE }, 'Failed to load the returns');

export const getAdminReturnsQueryOptions = (query: ReturnsQuery) =>
  queryOptions({
    queryKey: adminReturnsKey(query),
    queryFn: () => getAdminReturns(query),
    // The last page stays on screen while the next loads.
    placeholderData: keepPreviousData,
    // Shoppers ask for returns at any time: the table is read fresh whenever it is opened.
    staleTime: 0,
  });

export const useAdminReturns = (query: ReturnsQuery) => useQuery(getAdminReturnsQueryOptions(query));
