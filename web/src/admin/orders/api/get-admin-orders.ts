import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminGet } from '@/admin/shared/api/admin-call';
import { adminOrdersKey } from '@/api/query-keys';
import type { OrderList } from '@/api/types';
import type { OrdersQuery } from '../orders-query';

/** How many orders the table shows on a page. */
export const ADMIN_ORDERS_PER_PAGE = 20;

/** Every order, newest first, narrowed by the query's filters (empty ones are not sent);
 * a 400 names each parameter the server refused. */
export const getAdminOrders = ({ page, ...filters }: OrdersQuery) =>
  adminGet<OrderList>('/admin/order', { ...filters, page, perPage: ADMIN_ORDERS_PER_PAGE }, 'Failed to load the orders');

export const getAdminOrdersQueryOptions = (query: OrdersQuery) =>
  queryOptions({
    queryKey: adminOrdersKey(query),
    queryFn: () => getAdminOrders(query),
    // The last page stays on screen while the next loads.
    placeholderData: keepPreviousData,
    // Orders come in all the time: the table is read fresh whenever it is opened.
    staleTime: 0,
  });

export const useAdminOrders = (query: OrdersQuery) => useQuery(getAdminOrdersQueryOptions(query));
