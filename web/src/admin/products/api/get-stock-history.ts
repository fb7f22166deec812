import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminGet } from '@/admin/shared/api/admin-call';
import { stockHistoryKey } from '@/api/query-keys';
import type { StockHistory } from '@/api/types';

/** Entries a page of a product's stock history holds. */
export const STOCK_HISTORY_PER_PAGE = 10;

/** GET /admin/product/{id}/stock-history: its movements, newest first; 404 'Product not found'. */
export const getStockHistory = (id: string, page: number): Promise<StockHistory> =>
  adminGet<StockHistory>(`/admin/product/${encodeURIComponent(id)}/stock-history`, { page, perPage: STOCK_HISTORY_PER_PAGE }, 'Failed to load the stock history');

export const getStockHistoryQueryOptions = (id: string, page: number) =>
  queryOptions({ queryKey: stockHistoryKey(id, page), queryFn: () => getStockHistory(id, page), staleTime: 0, placeholderData: keepPreviousData });

export const useStockHistory = (id: string, page: number) => useQuery(getStockHistoryQueryOptions(id, page));
