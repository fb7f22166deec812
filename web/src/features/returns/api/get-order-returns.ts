import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { orderReturnsKey } from '../returns';
import { retryUnlessAnswered } from './retry';
import type { OrderReturns } from './types';

/** The order's returns and what can still be returned: the signed-in owner's (the bearer
 * goes with every call), or anyone's with the order link's `token`. 404 'Order not found'. */
export const getOrderReturns = (number: string, token: string | null) =>
  apiGet<OrderReturns>(`/order/${encodeURIComponent(number)}/return`, { token }, 'Failed to load the returns');

export const getOrderReturnsQueryOptions = (number: string, token: string | null) =>
  queryOptions({
    queryKey: orderReturnsKey(number, token),
    queryFn: () => getOrderReturns(number, token),
    // Staff move returns on: what is shown is asked for on every visit.
    staleTime: 0,
    retry: retryUnlessAnswered,
  });

export const useOrderReturns = (number: string, token: string | null, enabled = true) => useQuery({ ...getOrderReturnsQueryOptions(number, token), enabled });
