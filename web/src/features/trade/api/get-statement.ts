import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { statementKey } from '@/api/query-keys';
import { apiGet } from '@/lib/api-client';
import type { Statement } from './types';

/** How many open orders the Statement shows on a page. */
export const STATEMENT_PER_PAGE = 10;

/** GET /trade/statement: the signed-in customer's open orders on account and the credit
 * figures; empty, with the figures 0, without an approved account. */
export const getStatement = (page: number) => apiGet<Statement>('/trade/statement', { page, perPage: STATEMENT_PER_PAGE }, 'Failed to load your statement');

export const getStatementQueryOptions = (userId: string, page: number) =>
  queryOptions({
    queryKey: statementKey(userId, page),
    queryFn: () => getStatement(page),
    // The last page stays on screen while the next loads.
    placeholderData: keepPreviousData,
  });

export const useStatement = (userId: string, page: number) => useQuery(getStatementQueryOptions(userId, page));
