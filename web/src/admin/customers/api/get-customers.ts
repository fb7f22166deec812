import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminGet } from '@/admin/shared/api/admin-call';
import { customersKey } from '@/api/query-keys';
import type { CustomerList } from '@/api/types';

/** How many customers the table shows on a page. */
export const ADMIN_CUSTOMERS_PER_PAGE = 20;

/** Customers (not administrators), newest first; `q` keeps those whose full name or
 * e-mail begins with it, in any case. */
export const getCustomers = (q: string, page: number) =>
  adminGet<CustomerList>('/admin/customer', { q, page, perPage: ADMIN_CUSTOMERS_PER_PAGE }, 'Failed to load the customers');

export const getCustomersQueryOptions = (q: string, page: number) =>
  queryOptions({
    queryKey: customersKey(q, page),
    queryFn: () => getCustomers(q, page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useCustomers = (q: string, page: number) => useQuery(getCustomersQueryOptions(q, page));
