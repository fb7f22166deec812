import type { Order, OrderPaymentStatus, OrderStatus } from '@/api/types';
import { cn } from '@/lib/utils';
import { PAYMENT_STATUS_LABELS, STATUS_LABELS } from '../labels';

const badge = 'inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium';

const STATUS_COLOURS: Record<OrderStatus, string> = {
  placed: 'bg-amber-100 text-amber-900',
  ready_for_pickup: 'bg-sky-100 text-sky-900',
  shipped: 'bg-sky-100 text-sky-900',
  completed: 'bg-green-100 text-green-900',
  cancelled: 'bg-slate-200 text-slate-800',
};

const PAYMENT_COLOURS: Record<OrderPaymentStatus, string> = {
  unpaid: 'bg-amber-100 text-amber-900',
  pending: 'bg-amber-100 text-amber-900',
  paid: 'bg-green-100 text-green-900',
  partially_refunded: 'bg-violet-100 text-violet-900',
  refunded: 'bg-slate-200 text-slate-800',
  failed: 'bg-red-100 text-red-900',
};

/** Where the order stands, in words (the colour only repeats them). */
export function StatusBadge({ status }: { status: OrderStatus }) {
  return <span className={cn(badge, STATUS_COLOURS[status])}>{STATUS_LABELS[status]}</span>;
}

export function PaymentBadge({ status }: { status: OrderPaymentStatus }) {
  return <span className={cn(badge, PAYMENT_COLOURS[status])}>{PAYMENT_STATUS_LABELS[status]}</span>;
}

/** A cancelled card order's refund the provider did not take: still being tried, or
 * given up, when staff must refund it by hand. */
export function RefundFailureNotice({ failure }: { failure: NonNullable<Order['refundFailure']> }) {
  const failed = failure.status === 'failed';
  return (
    <p
      role="alert"
      className={cn('rounded-md border px-3 py-2 text-sm', failed ? 'border-red-300 bg-red-50 text-red-900' : 'border-amber-300 bg-amber-50 text-amber-900')}
    >
      <strong>{failed ? 'Refund failed' : 'Refund not made yet'}</strong>: {failure.reason}{' '}
      {failed ? `(gave up after ${failure.attempts} tries: refund it by hand)` : `(tried ${failure.attempts} times; trying again)`}
    </p>
  );
}
