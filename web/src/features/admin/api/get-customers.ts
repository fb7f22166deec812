import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerList } from '@/api/types';
import { adminGet } from './admin-call';

/** How many customers the table shows on a page. */
export const ADMIN_CUSTOMERS_PER_PAGE = 20;

/** Every cached page of the customers table and every customer's page: disabling or
 * enabling anyone marks them all stale. */
export const ADMIN_CUSTOMERS_KEY = ['admin', 'customers'] as const;

/** Customers (not administrators), newest first; `q` keeps those whose full name or
 * e-mail begins with it, in any case. */
export const getCustomers = (q: string, page: number) =>
  adminGet<CustomerList>('/admin/customer', { q, page, perPage: ADMIN_CUSTOMERS_PER_PAGE }, 'Failed to load the customers');

export const getCustomersQueryOptions = (q: string, page: number) =>
  queryOptions({
    queryKey: [...ADMIN_CUSTOMERS_KEY, 'list', q, page],
    queryFn: () => getCustomers(q, page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useCustomers = (q: string, page: number) => useQuery(getCustomersQueryOptions(q, page));
