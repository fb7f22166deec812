import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentMethodsKey } from '@/api/query-keys';
import { apiGet } from '@/lib/api-client';
import type { PaymentMethod } from './types';

/** The signed-in shopper's saved cards, primary first, then newest first. */
export const getPaymentMethods = () => apiGet<PaymentMethod[]>('/payment-method', undefined, 'Failed to load your saved cards');

export const getPaymentMethodsQueryOptions = (userId: string | null) =>
  queryOptions({ queryKey: paymentMethodsKey(userId), queryFn: getPaymentMethods, enabled: userId !== null });

/** The saved cards; nothing is asked for a guest (`userId` null). */
export const usePaymentMethods = (userId: string | null) => useQuery(getPaymentMethodsQueryOptions(userId));
