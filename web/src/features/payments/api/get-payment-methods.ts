import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { PaymentMethod } from './types';

/** The first part of the saved cards' key: adding, removing or a new primary invalidates it. */
export const PAYMENT_METHODS_KEY = ['payment-methods'] as const;

/** The signed-in shopper's saved cards, primary first, then newest first. */
export const getPaymentMethods = () => apiGet<PaymentMethod[]>('/payment-method', undefined, 'Failed to load your saved cards');

export const getPaymentMethodsQueryOptions = (userId: string | null) =>
  queryOptions({ queryKey: [...PAYMENT_METHODS_KEY, userId], queryFn: getPaymentMethods, enabled: userId !== null });

/** The saved cards; nothing is asked for a guest (`userId` null). */
export const usePaymentMethods = (userId: string | null) => useQuery(getPaymentMethodsQueryOptions(userId));
