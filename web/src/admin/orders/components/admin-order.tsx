import { Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { adminPaths } from '@/admin/shared/admin-paths';
import { usePermissions } from '@/admin/shared/permissions';
import type { Order } from '@/api/types';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { OrderDocuments } from '@/features/orders';
import { formatConsoleDateTime } from '@/lib/format';
import { useAdminOrder } from '../api/get-admin-order';
import { FULFILMENT_LABELS, paymentMethodLabel } from '../labels';
import { OrderActionsPanel } from './order-actions-panel';
import { PaymentBadge, RefundFailureNotice, StatusBadge } from './order-badges';
import { OrderContact } from './order-contact';
import { OrderEvents } from './order-events';
import { OrderLinesTable } from './order-lines-table';
import { OrderNoteForm } from './order-note-form';
import { OrderRefund } from './order-refund';
import { OrderRefundsList } from './order-refunds-list';

/** Loads the order with `number` and shows `children(order)`, or why it cannot. */
export function WithAdminOrder({ number, children }: { number: string; children: (order: Order) => ReactNode }) {
  const order = useAdminOrder(number);
  if (order.isPending) {
    return (
      <div role="status" aria-label="Loading order" className="space-y-4">
        <Skeleton className="h-6 w-1/2" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (order.isError) {
    return (
      <div role="alert" className="space-y-3">
        <p className="text-red-600">{order.error.message}</p>
        <Button variant="outline" onClick={() => void order.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <>{children(order.data)}</>;
}

/** One order as the shop sees it: where it stands and what may be done next (a refund
 * among it), its lines and figures, who it is for, and every event, the shop's own among
 * them. The refund and the internal note show only to a role that may use them. */
export function AdminOrder({ order }: { order: Order }) {
  const allowed = usePermissions();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-700">
        <span>
          Placed <time dateTime={order.createdAt}>{formatConsoleDateTime(order.createdAt)}</time>
        </span>
        <span className="flex items-center gap-1">
          Status <StatusBadge status={order.status} />
        </span>
        <span className="flex items-center gap-1">
          Payment <PaymentBadge status={order.paymentStatus} /> {paymentMethodLabel(order)}
        </span>
        <span>{FULFILMENT_LABELS[order.fulfilment]}</span>
        <Button asChild variant="outline" className="h-11 md:h-9 print:hidden">
          <Link to={adminPaths.packingSlip(order.number)}>
            <Printer className="h-4 w-4" aria-hidden="true" /> Packing slip
          </Link>
        </Button>
      </div>
      {order.refundFailure && <RefundFailureNotice failure={order.refundFailure} />}
      <OrderActionsPanel order={order} />
      {allowed('orders.refund') && <OrderRefund order={order} />}
      <OrderRefundsList refunds={order.refunds} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[1fr_18rem]">
        <div className="min-w-0 space-y-6">
          <section aria-labelledby="items-heading" className="space-y-2 rounded-lg border border-slate-200 p-4">
            <h2 id="items-heading" className="text-base font-semibold">
              Items
            </h2>
            <OrderLinesTable order={order} />
          </section>
          <section aria-labelledby="contact-heading" className="space-y-2 rounded-lg border border-slate-200 p-4">
            <h2 id="contact-heading" className="text-base font-semibold">
              {order.fulfilment === 'delivery' ? 'Contact and delivery address' : 'Contact (collects in store)'}
            </h2>
            <OrderContact order={order} />
          </section>
          {order.invoiceNumber && (
            <div className="rounded-lg border border-slate-200 p-4">
              <OrderDocuments order={order} token={null} />
            </div>
          )}
        </div>
        <section aria-labelledby="timeline-heading" className="min-w-0 space-y-3 rounded-lg border border-slate-200 p-4">
          <h2 id="timeline-heading" className="text-base font-semibold">
            Timeline
          </h2>
          <OrderEvents events={order.events} />
          {allowed('orders.note') && <OrderNoteForm number={order.number} />}
        </section>
      </div>
    </div>
  );
}
