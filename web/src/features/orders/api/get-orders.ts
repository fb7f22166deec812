import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ordersKey } from '@/api/query-keys';
import { apiGet } from '@/lib/api-client';
import type { OrderList } from './types';

/** How many orders My Orders shows on a page. */
export const ORDERS_PER_PAGE = 10;

/** The signed-in shopper's orders, newest first. */
export const getOrders = (page: number) => apiGet<OrderList>('/order', { page, perPage: ORDERS_PER_PAGE }, 'Failed to fetch orders');

export const getOrdersQueryOptions = (userId: string, page: number) =>
  queryOptions({
    queryKey: ordersKey(userId, page),
    queryFn: () => getOrders(page),
    // The last page stays on screen while the next loads.
    placeholderData: keepPreviousData,
  });

export const useOrders = (userId: string, page: number) => useQuery(getOrdersQueryOptions(userId, page));
