import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { transactionsKey } from '@/api/query-keys';
import { apiGet } from '@/lib/api-client';
import type { TransactionList } from './types';

/** How many transactions Transaction History shows on a page (the server's default). */
export const TRANSACTIONS_PER_PAGE = 10;
/** How many the Payment Methods page previews before 'View All'. */
export const TRANSACTION_PREVIEW = 3;

/** The signed-in shopper's transactions, newest first. */
export const getTransactions = (page: number, perPage: number) =>
  apiGet<TransactionList>('/transaction', { page, perPage }, 'Failed to load your transactions');

export const getTransactionsQueryOptions = (userId: string, page: number, perPage: number = TRANSACTIONS_PER_PAGE) =>
  queryOptions({
    queryKey: transactionsKey(userId, page, perPage),
    queryFn: () => getTransactions(page, perPage),
    // The last page stays on screen while the next loads.
    placeholderData: keepPreviousData,
    // Payments and refunds happen elsewhere (checkout, the order page, the shop's side).
    staleTime: 0,
  });

export const useTransactions = (userId: string, page: number, perPage?: number) => useQuery(getTransactionsQueryOptions(userId, page, perPage));
