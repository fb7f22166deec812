import type { OrderPaymentStatus, OrderStatus } from '@/api/types';
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
