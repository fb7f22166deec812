// How an order's life reads to the shopper (spec §2 My Orders, DESIGN.md §6): its status
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
  /** A cancelled order's last step is shown as such. */
  cancelled?: boolean;
}

/** Placed (with its date), then Ready for pickup or Shipped, then Collected or Delivered;
 * the steps not reached have no date. Paid and Refunded appear when they happened. A
 * cancelled order shows the steps it reached and then Cancelled with its date: the
 * others will never come. */
export function orderSteps(order: Order): OrderStep[] {
  const at = (type: OrderEventType) => order.events.find((event) => event.type === type)?.at;
  const route = ROUTE[order.fulfilment];
  const paid = at('paid');
  const steps: OrderStep[] = [
    { label: 'Placed', at: at('placed') ?? order.createdAt },
    ...(paid ? [{ label: 'Paid', at: paid }] : []),
    { label: route.underWay.label, at: at(route.underWay.type) },
    { label: route.done, at: at('completed') },
  ];
  const refunded = at('refunded');
  const after: OrderStep[] = refunded ? [{ label: 'Refunded', at: refunded }] : [];
  if (order.status !== 'cancelled') return [...steps, ...after];
  return [...steps.filter((step) => step.at), { label: 'Cancelled', at: at('cancelled'), cancelled: true }, ...after];
}
