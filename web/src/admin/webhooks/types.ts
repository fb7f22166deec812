// Names for the server's webhook schemas (issue 36's API), generated into api/schema.d.ts
// from the OpenAPI document.
import type { components } from '@/api/schema';

type Schemas = components['schemas'];

/** An endpoint, without its secret. `events` are event types: strings, since the server
 * may one day send one this console does not know. */
export type Webhook = Schemas['Webhook'];
/** GET /admin/webhook: every endpoint (a shop has at most 20). */
export type WebhookList = Schemas['WebhookList'];
/** GET and PATCH /admin/webhook/{id}. */
export type WebhookData = Schemas['WebhookData'];
/** POST /admin/webhook and POST …/rotate-secret: the endpoint and its signing secret,
 * `whsec_` and 64 hex digits, answered only by these two calls. */
export type WebhookWithSecret = Schemas['WebhookWithSecret'];
/** POST /admin/webhook. */
export type WebhookRequest = Schemas['WebhookRequest'];
/** PATCH /admin/webhook/{id}: only what changes. */
export type WebhookChange = Schemas['WebhookChange'];
/** One event sent to one endpoint, with every try. */
export type Delivery = Schemas['DeliveryView'];
/** One try at sending a delivery: the endpoint's HTTP status (absent or null when none
 * came, as on a timeout), how long it took and what went wrong. */
export type DeliveryAttempt = Schemas['AttemptView'];
/** GET /admin/webhook/{id}/delivery?page&perPage: newest first. */
export type DeliveryList = Schemas['DeliveryList'];
/** POST /admin/webhook/{id}/delivery/{deliveryId}/resend. */
export type DeliveryData = Schemas['DeliveryData'];

/** What the shop can tell an endpoint about, in the order the console offers them. */
export const WEBHOOK_EVENTS = [
  'order.placed',
  'order.paid',
  'order.status_changed',
  'order.cancelled',
  'order.refunded',
  'return.requested',
  'product.created',
  'product.updated',
  'stock.low',
  'customer.created',
] as const;

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Where a delivery stands (the document types it as a string). */
export const DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];
