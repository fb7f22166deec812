import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminGet } from '@/admin/shared/api/admin-call';
import { customerPageKey } from '@/api/query-keys';
import type { CustomerDetail } from '@/api/types';

/** How many of a customer's orders their page shows at once. */
export const CUSTOMER_ORDERS_PER_PAGE = 10;

/** The user (any role) and a page of their orders, newest first; 404 'Customer not found'. */
export const getCustomer = (id: string, page: number) =>
  adminGet<CustomerDetail>(`/admin/customer/${encodeURIComponent(id)}`, { page, perPage: CUSTOMER_ORDERS_PER_PAGE }, 'Failed to load the customer');

export const getCustomerQueryOptions = (id: string, page: number) =>
  queryOptions({ queryKey: customerPageKey(id, page), queryFn: () => getCustomer(id, page), placeholderData: keepPreviousData, staleTime: 0 });

export const useCustomer = (id: string, page: number) => useQuery(getCustomerQueryOptions(id, page));
