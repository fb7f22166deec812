// How an order's life reads to the shopper (spec §2 My Orders, docs/DESIGN.md §6): its status
// in words, and the timeline of its steps.
import type { Fulfilment, Order, OrderEventType, OrderStatus } from './api/types';

/** The step after Placed, and the last one, for each way of getting the order. */
const ROUTE: Record<Fulfilment, { underWay: { type: OrderEventType; label: string }; done: string }> = {
  pickup: { underWay: { type: 'ready_for_pickup', label: 'Ready for pickup' }, done: 'Collected' },
  delivery: { underWay: { type: 'shipped', label: 'Shipped' }, done: 'Delivered' },
};

const STATUS: Record<Exclude<OrderStatus, 'completed'>, string> = {
  placed: 'Placed',
  ready_for_pickup: 'Ready for pickup',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
};

/** 'Placed', 'Ready for pickup', 'Shipped', 'Collected' (pickup) or 'Delivered', 'Cancelled'. */
export function statusLabel({ status, fulfilment }: Pick<Order, 'status' | 'fulfilment'>): string {
  return status === 'completed' ? ROUTE[fulfilment].done : STATUS[status];
}

export interface OrderStep {
  label: string;
  /** When the step was reached (ISO 8601 UTC); none while it is still to come. */
  at?: string;
  /** What the shop said about it, if anything (why it was cancelled, a tracking hint). */
  note?: string;
  /** A cancelled order's last step is shown as such. */
  cancelled?: boolean;
  /** So is a payment that failed. */
  failed?: boolean;
}

/** Placed (with its date), then Ready for pickup or Shipped, then Collected or Delivered;
 * the steps not reached have no date. Paid, Payment failed and Refunded appear when they
 * happened. A
 * cancelled order shows the steps it reached and then Cancelled with its date: the
 * others will never come. */
export function orderSteps(order: Order): OrderStep[] {
  /** The step `label`, reached when an event of `type` happened. */
  const step = (label: string, type: OrderEventType): OrderStep => {
    const event = order.events.find((e) => e.type === type);
    return { label, at: event?.at, ...(event?.note ? { note: event.note } : {}) };
  };
  const happened = (type: OrderEventType) => order.events.some((event) => event.type === type);
  const route = ROUTE[order.fulfilment];
  const placed = step('Placed', 'placed');
  const steps: OrderStep[] = [
    { ...placed, at: placed.at ?? order.createdAt },
    ...(happened('payment_failed') ? [{ ...step('Payment failed', 'payment_failed'), failed: true }] : []),
    ...(happened('paid') ? [step('Paid', 'paid')] : []),
    step(route.underWay.label, route.underWay.type),
    step(route.done, 'completed'),
  ];
  const after = happened('refunded') ? [step('Refunded', 'refunded')] : [];
  if (order.status !== 'cancelled') return [...steps, ...after];
  return [...steps.filter((s) => s.at), { ...step('Cancelled', 'cancelled'), cancelled: true }, ...after];
}
