// The orders table's query as the console keeps it in the address, in the server's own
// names (`?status&paymentStatus&fulfilment&from&to&q&page`), so a filtered table can be
// bookmarked, shared and reloaded.
import { pageParam } from '@/admin/shared/components/table-pages';
import type { OrderFulfilment, OrderPaymentStatus, OrderStatus } from '@/api/types';
import { FULFILMENT_LABELS, PAYMENT_STATUS_LABELS, STATUS_LABELS } from './labels';

/** What the table shows; an empty filter is no filter. `from` and `to` are days
 * `YYYY-MM-DD` (UTC, both included); `q` is a number, or the start of an e-mail or name. */
export interface OrdersQuery {
  status: OrderStatus | '';
  paymentStatus: OrderPaymentStatus | '';
  fulfilment: OrderFulfilment | '';
  from: string;
  to: string;
  q: string;
  page: number;
}

export const DEFAULT_ORDERS_QUERY: OrdersQuery = { status: '', paymentStatus: '', fulfilment: '', from: '', to: '', q: '', page: 1 };

const FILTERS = ['status', 'paymentStatus', 'fulfilment', 'from', 'to', 'q'] as const;

const oneOf = <T extends string>(value: string | null, labels: Record<T, string>): T | '' => (value !== null && value in labels ? (value as T) : '');

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: string | null) => (value && DAY.test(value) ? value : '');

/** The query an address names; anything the server would refuse is left out. */
export function parseOrdersQuery(params: URLSearchParams): OrdersQuery {
  return {
    status: oneOf(params.get('status'), STATUS_LABELS),
    paymentStatus: oneOf(params.get('paymentStatus'), PAYMENT_STATUS_LABELS),
    fulfilment: oneOf(params.get('fulfilment'), FULFILMENT_LABELS),
    from: day(params.get('from')),
    to: day(params.get('to')),
    q: params.get('q')?.trim() ?? '',
    page: pageParam(params),
  };
}

/** The address's query string for `query` ('' or `?…`), leaving out what is unset. */
export function ordersSearch(query: Partial<OrdersQuery>): string {
  const params = new URLSearchParams();
  for (const key of FILTERS) {
    const value = query[key];
    if (value) params.set(key, value);
  }
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** Whether anything narrows the table. */
export const isFiltered = (query: OrdersQuery) => FILTERS.some((key) => query[key] !== '');
