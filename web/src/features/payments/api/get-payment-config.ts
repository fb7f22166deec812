import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAYMENT_CONFIG_KEY } from '@/api/query-keys';
import { apiGet } from '@/lib/api-client';
import type { PaymentConfig } from './types';

/** Which provider takes cards, whether it is test mode, and where card details go. */
export const getPaymentConfig = () => apiGet<PaymentConfig>('/payment/config', undefined, 'Failed to load the payment options');

export const getPaymentConfigQueryOptions = () =>
  queryOptions({
    queryKey: PAYMENT_CONFIG_KEY,
    queryFn: getPaymentConfig,
    // Set when the server starts: it does not change while the page is open.
    staleTime: Infinity,
  });

export const usePaymentConfig = () => useQuery(getPaymentConfigQueryOptions());

/** Whether cards can be paid with and saved: a provider that takes them, and where to send them. */
export const takesCards = (config: PaymentConfig | undefined): config is PaymentConfig & { tokenizeUrl: string } =>
  config !== undefined && config.provider !== 'manual' && config.tokenizeUrl !== null;
