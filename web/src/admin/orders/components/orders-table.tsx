import { Link } from 'react-router';
import { adminPaths } from '@/admin/shared/admin-paths';
import { LoadFailed, LoadingRows } from '@/admin/shared/components/load-states';
import { pageCount, TablePages } from '@/admin/shared/components/table-pages';
import type { Order } from '@/api/types';
import { formatConsoleDateTime, formatRupee } from '@/lib/format';
import { useMediaQuery } from '@/lib/media-query';
import { ADMIN_ORDERS_PER_PAGE, useAdminOrders } from '../api/get-admin-orders';
import { FULFILMENT_LABELS, STATUS_LABELS } from '../labels';
import { isFiltered, type OrdersQuery } from '../orders-query';
import { PaymentBadge, StatusBadge } from './order-badges';

/** Below this width the orders are cards, not a table: a table's seven columns do not fit
 * a phone, and scrolled sideways its status and total sit off the screen. */
export const PHONE_QUERY = '(max-width: 767px)';

/** A page of the orders `query` names, newest first; `onPageChange` moves between pages
 * (the page keeps the query in its URL). */
export function OrdersTable({ query, onPageChange }: { query: OrdersQuery; onPageChange: (page: number) => void }) {
  const orders = useAdminOrders(query);
  const phone = useMediaQuery(PHONE_QUERY);
  if (orders.isPending) return <LoadingRows label="Loading orders" />;
  if (orders.isError) return <LoadFailed error={orders.error} onRetry={() => void orders.refetch()} />;
  // While the next page loads the last one stays, described by its own page number.
  const { orders: rows, total, page: shown } = orders.data;
  if (rows.length === 0) {
    return <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">{emptyMessage(query)}</p>;
  }
  const totalPages = pageCount(total, ADMIN_ORDERS_PER_PAGE);
  const caption = `Orders${query.status ? `, ${STATUS_LABELS[query.status]}` : ''}, page ${shown} of ${totalPages}`;
  const pages = <TablePages label="Orders pages" page={shown} total={total} perPage={ADMIN_ORDERS_PER_PAGE} noun={['order', 'orders']} onPageChange={onPageChange} />;
  if (phone) {
    return (
      <div className="space-y-4">
        <OrderCards orders={rows} caption={caption} busy={orders.isPlaceholderData} />
        {pages}
      </div>
    );
  }
  return (
    <div className="space-y-4">
      {/* Between a phone and a wide screen the table scrolls sideways in its own box, never the page. */}
      <div role="region" aria-label="Orders table" aria-busy={orders.isPlaceholderData} tabIndex={0} className="overflow-x-auto rounded-lg border border-slate-200 focus-visible:ring-2 focus-visible:ring-brand">
        <table className="w-full min-w-[56rem] text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2">Order</th>
              <th scope="col" className="px-3 py-2">Date</th>
              <th scope="col" className="px-3 py-2">Customer</th>
              <th scope="col" className="px-3 py-2">Fulfilment</th>
              <th scope="col" className="px-3 py-2">Status</th>
              <th scope="col" className="px-3 py-2">Payment</th>
              <th scope="col" className="px-3 py-2 text-right">Total</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {rows.map((order) => (
              <tr key={order._id} className="hover:bg-slate-50">
                <th scope="row" className="px-3 py-2 font-medium">
                  <Link to={adminPaths.order(order.number)} className="inline-flex min-h-11 items-center text-brand hover:underline md:min-h-0">
                    #{order.number}
                  </Link>
                </th>
                <td className="whitespace-nowrap px-3 py-2">
                  <time dateTime={order.createdAt}>{formatConsoleDateTime(order.createdAt)}</time>
                </td>
                <td className="px-3 py-2">
                  <div>{order.contact.firstName}</div>
                  <div className="break-all text-slate-600">{order.contact.emailAddress}</div>
                </td>
                <td className="px-3 py-2">{FULFILMENT_LABELS[order.fulfilment]}</td>
                <td className="px-3 py-2">
                  <StatusBadge status={order.status} />
                </td>
                <td className="px-3 py-2">
                  <PaymentBadge status={order.paymentStatus} />
                </td>
                <td className="whitespace-nowrap px-3 py-2 text-right font-medium">{formatRupee(order.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages}
    </div>
  );
}

/** The orders as cards on a phone: each with what the owner looks for first (number,
 * status, payment and total), then when and who, all on the screen at once. */
function OrderCards({ orders, caption, busy }: { orders: Order[]; caption: string; busy: boolean }) {
  return (
    <section aria-label="Orders list" aria-busy={busy}>
      <h2 className="sr-only">{caption}</h2>
      <ul className="space-y-2">
        {orders.map((order) => (
          <li key={order._id} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
            <div className="flex items-center justify-between gap-2">
              <Link to={adminPaths.order(order.number)} className="inline-flex min-h-11 items-center font-medium text-brand hover:underline">
                #{order.number}
              </Link>
              <span className="font-medium whitespace-nowrap">{formatRupee(order.total)}</span>
            </div>
            <div className="flex flex-wrap gap-1.5">
              <StatusBadge status={order.status} />
              <PaymentBadge status={order.paymentStatus} />
              <span className="text-slate-600">{FULFILMENT_LABELS[order.fulfilment]}</span>
            </div>
            <p className="mt-1 break-words text-slate-600">
              <time dateTime={order.createdAt}>{formatConsoleDateTime(order.createdAt)}</time> · {order.contact.firstName} · <span className="break-all">{order.contact.emailAddress}</span>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Why the table is empty: no orders at all, none at the one status asked for, or none
 * matching the search and filters. */
function emptyMessage(query: OrdersQuery): string {
  if (!isFiltered(query)) return 'No orders yet.';
  const { status, ...others } = query;
  if (status && !isFiltered({ ...others, status: '' })) return `No orders are ${STATUS_LABELS[status].toLowerCase()}.`;
  return 'No orders match the search and filters.';
}
