import { Link } from 'react-router';
import type { OrderStatus } from '@/api/types';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { adminPaths } from '@/config/admin-paths';
import { formatDateTime, formatRupee } from '@/lib/format';
import { ADMIN_ORDERS_PER_PAGE, useAdminOrders } from '../api/get-admin-orders';
import { FULFILMENT_LABELS, STATUS_LABELS } from '../labels';
import { PaymentBadge, StatusBadge } from './order-badges';

/** A page of every order, newest first, at `status` when given; `onPageChange` moves
 * between pages (the page keeps both in its URL). */
export function OrdersTable({ status, page, onPageChange }: { status: OrderStatus | null; page: number; onPageChange: (page: number) => void }) {
  const orders = useAdminOrders(status, page);
  if (orders.isPending) {
    return (
      <div role="status" aria-label="Loading orders" className="space-y-2">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  if (orders.isError) {
    return (
      <div role="alert" className="space-y-3">
        <p className="text-red-600">{orders.error.message}</p>
        <Button variant="outline" onClick={() => void orders.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  // While the next page loads the last one stays, described by its own page number.
  const { orders: rows, total, page: shown } = orders.data;
  if (rows.length === 0) {
    return <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">{status ? `No orders are ${STATUS_LABELS[status].toLowerCase()}.` : 'No orders yet.'}</p>;
  }
  const totalPages = Math.max(1, Math.ceil(total / ADMIN_ORDERS_PER_PAGE));
  return (
    <div className="space-y-4">
      {/* Wider than a phone: the table scrolls sideways inside its own box, never the page. */}
      <div role="region" aria-label="Orders table" aria-busy={orders.isPlaceholderData} tabIndex={0} className="overflow-x-auto rounded-lg border border-slate-200 focus-visible:ring-2 focus-visible:ring-brand">
        <table className="w-full min-w-[56rem] text-left text-sm">
          <caption className="sr-only">
            Orders{status ? `, ${STATUS_LABELS[status]}` : ''}, page {shown} of {totalPages}
          </caption>
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
                  <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
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
      <nav aria-label="Orders pages" className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p className="text-slate-600">
          Page {shown} of {totalPages} · {total} {total === 1 ? 'order' : 'orders'}
        </p>
        <div className="flex gap-2">
          <Button variant="outline" className="h-11 md:h-9" disabled={shown <= 1} onClick={() => onPageChange(shown - 1)}>
            Previous page
          </Button>
          <Button variant="outline" className="h-11 md:h-9" disabled={shown >= totalPages} onClick={() => onPageChange(shown + 1)}>
            Next page
          </Button>
        </div>
      </nav>
    </div>
  );
}
