import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { cardLabel } from '@/features/payments';
import { formatDate } from '@/lib/format';
import type { Order } from '../api/types';
import { useRefreshPayment } from '../api/refresh-payment';

/** How the order is paid (the card, cash at pickup or on delivery, or a trade account's
 * credit with its PO number and due date) and where the payment stands. An order that
 * opens with its payment pending (back from the bank's 3-D Secure page, say) asks the
 * provider once where it stands, and offers 'Check again' while the bank has not
 * confirmed it. */
export function OrderPayment({ order, token }: { order: Order; token: string | null }) {
  const refresh = useRefreshPayment(order.number, token);
  const { mutate: refreshPayment } = refresh;
  const pending = order.paymentStatus === 'pending';
  const asked = useRef(false);
  useEffect(() => {
    if (!pending || asked.current) return;
    asked.current = true;
    refreshPayment();
  }, [pending, refreshPayment]);

  return (
    <section aria-labelledby="payment-heading" className="space-y-2 text-sm">
      <h2 id="payment-heading" className="text-base font-semibold">
        Payment
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-slate-600">Method</dt>
        <dd>{methodLabel(order)}</dd>
        <dt className="text-slate-600">Status</dt>
        <dd className="font-medium">{paymentStatusLabel(order)}</dd>
      </dl>
      {order.paymentMethod === 'account' && <AccountTerms order={order} />}
      {pending && (
        <div role="status" className="space-y-2 rounded-md bg-amber-50 p-3 text-amber-900">
          <p>{refresh.isPending ? 'Checking with your bank...' : 'Waiting for your bank to confirm the payment'}</p>
          <Button type="button" variant="outline" size="sm" disabled={refresh.isPending} onClick={() => refreshPayment()}>
            Check again
          </Button>
        </div>
      )}
      {refresh.isError && (
        <p role="alert" className="text-red-600">
          {refresh.error.message}
        </p>
      )}
      {order.paymentStatus === 'failed' && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-red-800">
          Payment failed. The order was cancelled and nothing was charged; you can order again.
        </p>
      )}
    </section>
  );
}

/** 'Visa •••• 4242', 'Cash at pickup', 'Paid on account'. */
function methodLabel({ paymentMethod, card, fulfilment }: Pick<Order, 'paymentMethod' | 'card' | 'fulfilment'>): string {
  switch (paymentMethod) {
    case 'card':
      return card ? cardLabel(card) : 'Card';
    case 'account':
      return 'Paid on account';
    case 'cod':
      return fulfilment === 'pickup' ? 'Cash at pickup' : 'Cash on delivery';
  }
}

/** An order on account's purchase-order number and the day it is due (docs/DESIGN.md §11). */
function AccountTerms({ order }: { order: Pick<Order, 'poNumber' | 'dueDate'> }) {
  return (
    <div className="space-y-1">
      {order.poNumber && <p>PO number: {order.poNumber}</p>}
      {order.dueDate && <p>Due: {formatDate(order.dueDate)}</p>}
    </div>
  );
}

/** Where the payment stands, in a word or two. A cancelled order that was never paid
 * says so, not what it would have needed (docs/DESIGN.md §15); an order on account is
 * paid by its due date. */
export function paymentStatusLabel({ paymentStatus, paymentMethod, fulfilment, status }: Pick<Order, 'paymentStatus' | 'paymentMethod' | 'fulfilment' | 'status'>): string {
  switch (paymentStatus) {
    case 'paid':
      return 'Paid';
    case 'pending':
      return 'Awaiting confirmation';
    case 'failed':
      return 'Payment failed';
    case 'partially_refunded':
      return 'Partially refunded';
    case 'refunded':
      return 'Refunded';
    case 'unpaid':
      if (status === 'cancelled') return 'Cancelled';
      if (paymentMethod === 'account') return 'To pay by the due date';
      return fulfilment === 'pickup' ? 'To pay at pickup' : 'To pay on delivery';
  }
}
