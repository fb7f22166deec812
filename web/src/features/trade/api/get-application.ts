import { queryOptions, useQuery } from '@tanstack/react-query';
import { tradeApplicationKey } from '@/api/query-keys';
import { apiGet } from '@/lib/api-client';
import type { TradeApplication } from './types';


/** GET /trade/application: the latest application, or null for a customer who never applied. */
export const getTradeApplication = () =>
  apiGet<{ application?: TradeApplication | null }>('/trade/application', undefined, 'Failed to load your trade account').then(
    (data) => data.application ?? null,
  );

export const getTradeApplicationQueryOptions = (userId: string | null) =>
  queryOptions({ queryKey: tradeApplicationKey(userId), queryFn: getTradeApplication, enabled: userId !== null });

/** The latest application; nothing is asked for a guest (`userId` null). */
export const useTradeApplication = (userId: string | null) => useQuery(getTradeApplicationQueryOptions(userId));
