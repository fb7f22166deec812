import type { ReactNode } from 'react';
import { formatDate } from '@/lib/format';
import type { Order } from '../api/types';
import { orderSteps, statusLabel } from '../order-steps';
import { CancelOrderDialog } from './cancel-order-dialog';
import { OrderConfirmation } from './order-confirmation';
import { OrderDocuments } from './order-documents';
import { OrderFulfilment } from './order-fulfilment';
import { OrderLines } from './order-lines';
import { OrderPayment } from './order-payment';
import { OrderTimeline } from './order-timeline';
import { OrderTotals } from './order-totals';

/** One order: its lines and totals, its payment, how it reaches the shopper, its invoice
 * and credit notes, its timeline, and
 * 'Cancel order' while it can be. `placed` adds checkout's confirmation; `token` is how
 * the page was opened (null with the bearer), and a cancellation goes the same way.
 * `actions` go beside its date and status (the signed-in shopper's 'Buy again'), what
 * `extra` gives for it under its items (its returns). */
export function OrderDetails({
  order,
  token,
  placed = false,
  actions,
  extra,
}: {
  order: Order;
  token: string | null;
  placed?: boolean;
  actions?: ReactNode;
  extra?: (order: Order) => ReactNode;
}) {
  return (
    <div className="space-y-6">
      {/* A payment that failed placed nothing to thank for: the payment section says why. */}
      {placed && order.paymentStatus !== 'failed' && <OrderConfirmation order={order} />}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          Placed on <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time> · Status: <span className="font-medium text-slate-900">{statusLabel(order)}</span>
        </p>
        {actions}
      </div>
      <div className="grid grid-cols-1 gap-6 md:grid-cols-[1fr_260px]">
        <div className="min-w-0 space-y-6">
          <section aria-labelledby="lines-heading" className="rounded-lg border border-slate-200 p-5">
            <h2 id="lines-heading" className="text-base font-semibold">
              Items
            </h2>
            <OrderLines lines={order.lines} />
            <OrderTotals order={order} />
          </section>
          {extra?.(order)}
          <div className="rounded-lg border border-slate-200 p-5">
            <OrderPayment order={order} token={token} />
          </div>
          <div className="rounded-lg border border-slate-200 p-5">
            <OrderFulfilment order={order} />
          </div>
          {order.invoiceNumber && (
            <div className="rounded-lg border border-slate-200 p-5">
              <OrderDocuments order={order} token={token} />
            </div>
          )}
        </div>
        <section aria-labelledby="timeline-heading" className="space-y-4 rounded-lg border border-slate-200 p-5">
          <h2 id="timeline-heading" className="text-base font-semibold">
            Order status
          </h2>
          <OrderTimeline steps={orderSteps(order)} />
          {order.cancellable && <CancelOrderDialog order={order} token={token} />}
        </section>
      </div>
    </div>
  );
}
