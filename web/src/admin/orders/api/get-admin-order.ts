import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminGet } from '@/admin/shared/api/admin-call';
import { adminOrderKey } from '@/api/query-keys';
import type { Order } from '@/api/types';

/** One order with every event, the shop's own among them; 404 'Order not found'. */
export const getAdminOrder = (number: string) =>
  adminGet<{ order: Order }>(`/admin/order/${encodeURIComponent(number)}`, undefined, 'Failed to load the order').then((data) => data.order);

export const getAdminOrderQueryOptions = (number: string) =>
  queryOptions({ queryKey: adminOrderKey(number), queryFn: () => getAdminOrder(number), staleTime: 0 });

export const useAdminOrder = (number: string) => useQuery(getAdminOrderQueryOptions(number));
