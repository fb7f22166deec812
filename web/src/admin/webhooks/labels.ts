// How the console words the webhook enums the server sends.
import { WEBHOOK_EVENTS, type DeliveryState, type WebhookEvent } from './types';

export { WEBHOOK_EVENTS };

export const EVENT_LABELS: Record<WebhookEvent, string> = {
  'order.placed': 'Order placed',
  'order.paid': 'Order paid',
  'order.status_changed': 'Order status changed',
  'order.cancelled': 'Order cancelled',
  'order.refunded': 'Order refunded',
  'return.requested': 'Return requested',
  'product.created': 'Product created',
  'product.updated': 'Product updated',
  'stock.low': 'Stock low',
  'customer.created': 'Customer created',
};

/** An event type in words; one this console does not know, as the server names it. */
export const eventLabel = (type: string) => EVENT_LABELS[type as WebhookEvent] ?? type;

export const STATE_LABELS: Record<DeliveryState, string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
};

/** What an endpoint listens for, in short: 'All events', up to two by name, or how many. */
export function eventsSummary(events: string[]): string {
  if (WEBHOOK_EVENTS.every((event) => events.includes(event))) return 'All events';
  if (events.length <= 2) return events.map(eventLabel).join(', ') || 'None';
  return `${events.length} events`;
}
