import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderKey } from '@/api/query-keys';
import { apiGet } from '@/lib/api-client';
import { retryUnlessAnswered } from './retry';
import type { Order } from './types';

/** The order with `number`: the signed-in owner's (the bearer goes with every call), or
 * anyone's with the `token` its mails link with. Otherwise 404 'Order not found'. */
export const getOrder = (number: string, token: string | null) =>
  apiGet<{ order: Order }>(`/order/${encodeURIComponent(number)}`, { token }, 'Failed to load the order').then((data) => data.order);

export const getOrderQueryOptions = (number: string, token: string | null) =>
  queryOptions({ queryKey: orderKey(number, token), queryFn: () => getOrder(number, token), retry: retryUnlessAnswered });

export const useOrder = (number: string, token: string | null) => useQuery(getOrderQueryOptions(number, token));
