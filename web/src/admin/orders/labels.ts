// How the console words the order enums the server sends.
import type { Order, OrderEventType, OrderFulfilment, OrderPaymentStatus, OrderStatus } from '@/api/types';

export const STATUS_LABELS: Record<OrderStatus, string> = {
  placed: 'Placed',
  ready_for_pickup: 'Ready for pickup',
  shipped: 'Shipped',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** Every status, in the order an order goes through them (the table's filter). */
export const STATUSES = Object.keys(STATUS_LABELS) as OrderStatus[];

export const isStatus = (value: string | null): value is OrderStatus => value !== null && value in STATUS_LABELS;

export const PAYMENT_STATUS_LABELS: Record<OrderPaymentStatus, string> = {
  unpaid: 'Unpaid',
  pending: 'Pending',
  paid: 'Paid',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
  failed: 'Failed',
};

/** Every payment status, in the order the table's filter offers them. */
export const PAYMENT_STATUSES = Object.keys(PAYMENT_STATUS_LABELS) as OrderPaymentStatus[];

export const FULFILMENT_LABELS: Record<OrderFulfilment, string> = {
  pickup: 'Pickup',
  delivery: 'Delivery',
};

export const EVENT_LABELS: Record<OrderEventType, string> = {
  placed: 'Placed',
  paid: 'Paid',
  ready_for_pickup: 'Ready for pickup',
  shipped: 'Shipped',
  completed: 'Completed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  payment_failed: 'Payment failed',
  restocked: 'Items put back in stock',
  note: 'Internal note',
};

export const FULFILMENTS = Object.keys(FULFILMENT_LABELS) as OrderFulfilment[];

/** Events the customer's own timeline leaves out (server: `EventType::is_public`). */
export const STAFF_ONLY_EVENTS: ReadonlySet<OrderEventType> = new Set(['restocked', 'note']);

/** 'Cash', 'On account' (with its PO number and due date) or 'Card', with the card's
 * last digits when known. */
export function paymentMethodLabel({ paymentMethod, card, poNumber, dueDate }: Pick<Order, 'paymentMethod' | 'card' | 'poNumber' | 'dueDate'>): string {
  if (paymentMethod === 'cod') return 'Cash';
  if (paymentMethod === 'account') return ['On account', poNumber && `PO ${poNumber}`, dueDate && `due ${dueDate}`].filter(Boolean).join(', ');
  return card ? `Card ending ${card.last4}` : 'Card';
}
