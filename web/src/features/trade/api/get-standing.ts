import { queryOptions, useQuery } from '@tanstack/react-query';
import { tradeStandingKey } from '@/api/query-keys';
import type { CurrentUser } from '@/api/types';
import { apiGet } from '@/lib/api-client';
import type { TradeStanding } from './types';

/** GET /auth/user's `trade`: the customer's account and credit, or null for one who never
 * applied. The login answer carries no `trade`, so it is asked for here. */
export const getTradeStanding = () =>
  apiGet<{ user: CurrentUser }>('/auth/user', undefined, 'Failed to load your trade account').then((data) => (data.user.trade ?? null) as TradeStanding | null);

export const getTradeStandingQueryOptions = (userId: string | null) =>
  queryOptions({ queryKey: tradeStandingKey(userId), queryFn: getTradeStanding, enabled: userId !== null });

/** The signed-in customer's trade standing; nothing is asked for a guest (`userId` null). */
export const useTradeStanding = (userId: string | null) => useQuery(getTradeStandingQueryOptions(userId));

/** The credit an order on account may use: `available` for an approved account with a
 * credit limit above 0, else null (no pay on account). */
export const accountCredit = (standing: TradeStanding | null | undefined): number | null =>
  standing?.status === 'approved' && standing.creditLimit > 0 ? standing.available : null;

/** Whether the signed-in customer's trade account is approved: false for a guest (`userId`
 * null), one who never applied or whose application is open or rejected, and while loading. */
export function useTradeApproved(userId: string | null): boolean {
  return useTradeStanding(userId).data?.status === 'approved';
}

/** The credit the signed-in customer may order on account with, or null where pay on
 * account is not offered (a guest, no approved account, a limit of 0, or still loading). */
export function useAccountCredit(userId: string | null): number | null {
  const standing = useTradeStanding(userId);
  return accountCredit(standing.data);
}
