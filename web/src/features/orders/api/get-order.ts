import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { retryUnlessAnswered } from './retry';
import type { Order } from './types';

/** Every cached view of the order with `number`, whichever way it was opened. */
export const orderViewsKey = (number: string) => ['order', number] as const;
/** An order's key: by number, and by the token that opened it (null with the bearer). */
export const orderKey = (number: string, token: string | null) => [...orderViewsKey(number), token] as const;

/** The order with `number`: the signed-in owner's (the bearer goes with every call), or
 * anyone's with the `token` its mails link with. Otherwise 404 'Order not found'. */
export const getOrder = (number: string, token: string | null) =>
  apiGet<{ order: Order }>(`/order/${encodeURIComponent(number)}`, { token }, 'Failed to load the order').then((data) => data.order);

export const getOrderQueryOptions = (number: string, token: string | null) =>
  queryOptions({ queryKey: orderKey(number, token), queryFn: () => getOrder(number, token), retry: retryUnlessAnswered });

export const useOrder = (number: string, token: string | null) => useQuery(getOrderQueryOptions(number, token));
