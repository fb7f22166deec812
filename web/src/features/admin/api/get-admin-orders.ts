import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderList, OrderStatus } from '@/api/types';
import { adminGet } from './admin-call';

/** How many orders the table shows on a page. */
export const ADMIN_ORDERS_PER_PAGE = 20;

/** Every cached page of the orders table: a change to any order invalidates them all. */
export const ADMIN_ORDERS_KEY = ['admin', 'orders'] as const;

/** Every order, newest first; only those at `status` when given. */
export const getAdminOrders = (status: OrderStatus | null, page: number) =>
  adminGet<OrderList>('/admin/order', { status, page, perPage: ADMIN_ORDERS_PER_PAGE }, 'Failed to load the orders');

export const getAdminOrdersQueryOptions = (status: OrderStatus | null, page: number) =>
  queryOptions({
    queryKey: [...ADMIN_ORDERS_KEY, status, page],
    queryFn: () => getAdminOrders(status, page),
    // The last page stays on screen while the next loads.
    placeholderData: keepPreviousData,
    // Orders come in all the time: the table is read fresh whenever it is opened.
    staleTime: 0,
  });

export const useAdminOrders = (status: OrderStatus | null, page: number) => useQuery(getAdminOrdersQueryOptions(status, page));
