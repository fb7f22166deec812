// The returns API as the returns tests meet it: a completed order with two lines (one
// with options), a return of it, and handlers that answer as the server does (the order
// link's token, or a bearer; 404 otherwise).
import { http } from 'msw';
import type { Order } from '@/features/orders';
import { order, ORDER_NUMBER, ORDER_TOKEN } from '@/testing/orders';
import { envelope, failure } from '@/testing/server';
import type { OrderReturns, Return } from '../api/types';

export { ORDER_NUMBER, ORDER_TOKEN };

export const VALVE_VARIANT = 'a'.padStart(24, '0');
export const ELBOW_VARIANT = 'b'.padStart(24, '0');
export const TAPE_VARIANT = 'c'.padStart(24, '0');
export const RETURN_ID = 'r'.padStart(24, '0');

/** The guest's order page and return page, opened with the order link's token. */
export const GUEST_ORDER_PAGE = `/orders/${ORDER_NUMBER}?token=${encodeURIComponent(ORDER_TOKEN)}`;
export const GUEST_FORM_PAGE = `/orders/${ORDER_NUMBER}/return?token=${encodeURIComponent(ORDER_TOKEN)}`;
export const GUEST_RETURN_PAGE = `/returns/${RETURN_ID}?token=${encodeURIComponent(ORDER_TOKEN)}`;

const line = (overrides: Partial<Order['lines'][number]>): Order['lines'][number] => ({
  productId: '1'.padStart(24, '0'),
  name: 'Brass Angle Valve',
  image: 'demo/valve.svg',
  unitPrice: 12.5,
  listPrice: 12.5,
  quantity: 2,
  lineTotal: 25,
  options: {},
  taxClass: 'standard',
  taxRate: 20,
  lineDiscount: 0,
  lineAmount: 25,
  lineTax: 4.17,
  ...overrides,
});

/** A collected pickup order: 2 valves, 1 chrome elbow and 3 rolls of tape. */
export const COMPLETED: Order = order({
  status: 'completed',
  paymentStatus: 'paid',
  cancellable: false,
  lines: [
    line({ variantId: VALVE_VARIANT, sku: 'BAV-12' }),
    line({ productId: '2'.padStart(24, '0'), variantId: ELBOW_VARIANT, name: 'Compression elbow', options: { Size: '22 mm', Finish: 'Chrome' }, quantity: 1, unitPrice: 4.5, listPrice: 4.5, lineTotal: 4.5 }),
    line({ productId: '3'.padStart(24, '0'), variantId: TAPE_VARIANT, name: 'PTFE tape', quantity: 3, unitPrice: 2, listPrice: 2, lineTotal: 6 }),
  ],
  events: [
    { type: 'placed', at: '2026-03-01T10:00:00Z', note: null },
    { type: 'ready_for_pickup', at: '2026-03-02T10:00:00Z', note: null },
    { type: 'completed', at: '2026-03-03T10:00:00Z', note: null },
  ],
});

/** A return of one valve, just asked for, with a photo. */
export function aReturn(overrides: Partial<Return> = {}): Return {
  return {
    _id: RETURN_ID,
    number: 'R-000001',
    orderNumber: ORDER_NUMBER,
    status: 'requested',
    lines: [{ variantId: VALVE_VARIANT, productId: '1'.padStart(24, '0'), sku: 'BAV-12', name: 'Brass Angle Valve', options: {}, quantity: 1, reason: 'wrong_size', received: null, restocked: null }],
    note: 'Too small for the pipe',
    reason: null,
    photos: ['https://media.example/returns/r/1.jpg?sig=abc'],
    refundEstimate: 12.5,
    deliveryFee: 0,
    refunded: null,
    events: [{ type: 'requested', at: '2026-03-04T09:00:00Z', note: null }],
    createdAt: '2026-03-04T09:00:00Z',
    ...overrides,
  };
}

/** What GET /order/{number}/return answers for the completed order by default: the window
 * open until 2 April, both valves and the elbow returnable, the tape already all asked for. */
export function orderReturns(overrides: Partial<OrderReturns> = {}): OrderReturns {
  return {
    returns: [],
    returnableUntil: '2026-04-02T10:00:00Z',
    returnable: [
      { variantId: VALVE_VARIANT, quantity: 2 },
      { variantId: ELBOW_VARIANT, quantity: 1 },
      { variantId: TAPE_VARIANT, quantity: 0 },
    ],
    ...overrides,
  };
}

/** How a request came: the order link's token, and the bearer. */
export interface Asked {
  token: string | null;
  authorization: string | null;
}

const asker = (request: Request): Asked => ({ token: new URL(request.url).searchParams.get('token'), authorization: request.headers.get('Authorization') });
const allowed = ({ token, authorization }: Asked) => token === ORDER_TOKEN || (token === null && authorization !== null);

/** GET /order/{number} and GET /order/{number}/return answering with `current()` to the
 * order link's token (or any bearer), 404 otherwise; `asked` collects the returns' asks. */
export function orderHandlers(current: () => Order, returns: () => OrderReturns, asked: Asked[] = []) {
  return [
    http.get(`*/api/order/${ORDER_NUMBER}`, ({ request }) => (allowed(asker(request)) ? envelope({ order: current() }) : failure(404, 'Order not found'))),
    http.get(`*/api/order/${ORDER_NUMBER}/return`, ({ request }) => {
      const who = asker(request);
      asked.push(who);
      return allowed(who) ? envelope(returns()) : failure(404, 'Order not found');
    }),
  ];
}

/** GET /return/{id} answering with `current()` to the order link's token (or a bearer). */
export function returnHandler(current: () => Return, asked: Asked[] = []) {
  return http.get(`*/api/return/${RETURN_ID}`, ({ request }) => {
    const who = asker(request);
    asked.push(who);
    return allowed(who) ? envelope({ return: current() }) : failure(404, 'Return not found');
  });
}

/** The file parts of a multipart body: field name, file name and type. (Node's
 * request.formData() cannot build a File part under jsdom, whose File replaces the global.) */
export async function fileParts(request: Request) {
  const boundary = /boundary=(.+)$/.exec(request.headers.get('Content-Type') ?? '')?.[1];
  if (!boundary) throw new Error('not multipart');
  const text = await request.text();
  return text
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((chunk) => ({
      name: /name="([^"]*)"/.exec(chunk)?.[1],
      filename: /filename="([^"]*)"/.exec(chunk)?.[1],
      type: /Content-Type: (.+)/i.exec(chunk)?.[1].trim(),
    }));
}

/** Node's own FormData (jsdom's replaces the global), taken from a parsed Response: with
 * Node's File, what fetch (undici) can send, as the browser pairs them. */
export async function nodeFormData(): Promise<typeof FormData> {
  const parsed = await new Response('a=1', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }).formData();
  return parsed.constructor as typeof FormData;
}
