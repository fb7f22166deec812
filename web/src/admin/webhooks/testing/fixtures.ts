// The console's webhooks API as its tests meet it: an endpoint, a delivery, and every
// webhook call over endpoints and deliveries that change as the server's would. Its
// checks are the server's to make: tests that need a refusal say so with server.use.
import { http, HttpResponse } from 'msw';
import { envelope, failure, server } from '@/testing/server';
import type { Delivery, DeliveryAttempt, Webhook } from '../types';

export const WEBHOOK_ID = 'w1'.padStart(24, '0');
export const SECRET = `whsec_${'ab'.repeat(32)}`;
export const NEW_SECRET = `whsec_${'cd'.repeat(32)}`;

/** The ERP's endpoint: orders placed and paid, on, added on 5 March 2026. */
export function webhook(overrides: Partial<Webhook> = {}): Webhook {
  return {
    _id: WEBHOOK_ID,
    url: 'https://erp.example.com/hooks/shop',
    events: ['order.placed', 'order.paid'],
    description: 'Orders into the ERP',
    active: true,
    createdAt: '2026-03-05T09:30:00Z',
    ...overrides,
  };
}

export const attempt = (overrides: Partial<DeliveryAttempt> = {}): DeliveryAttempt => ({ at: '2026-03-06T10:00:00Z', status: 200, durationMs: 120, error: null, ...overrides });

/** An order placed, delivered at the first try. */
export function delivery(overrides: Partial<Delivery> = {}): Delivery {
  return {
    _id: 'd1'.padStart(24, '0'),
    eventId: 'evt_0001',
    type: 'order.placed',
    state: 'delivered',
    createdAt: '2026-03-06T10:00:00Z',
    attempts: [attempt()],
    ...overrides,
  };
}

/** One call the pages made: its method, path (and query) and body. */
export type WebhookCall = { method: string; path: string; body?: unknown };

/** Serves `webhooks` and each one's `deliveries` (newest first), changing them as the
 * server would; returns every call made, reads included, and the state. */
export function webhookApi(start: { webhooks?: Webhook[]; deliveries?: Delivery[] } = {}) {
  const state = { webhooks: start.webhooks ?? [webhook()], deliveries: start.deliveries ?? [] };
  const calls: WebhookCall[] = [];
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    calls.push({ method: request.method, path: `${url.pathname}${url.search}`, ...(text && { body: JSON.parse(text) }) });
  };
  const find = (id: unknown) => state.webhooks.find((w) => w._id === id);
  const notFound = () => failure(404, 'Webhook not found');
  server.use(
    http.get('*/api/admin/webhook', async ({ request }) => {
      await record(request);
      return envelope({ webhooks: state.webhooks }, 'Webhooks');
    }),
    http.post('*/api/admin/webhook', async ({ request }) => {
      await record(request);
      const body = calls.at(-1)!.body as Pick<Webhook, 'url' | 'events' | 'description'>;
      const created = webhook({ ...body, _id: 'w2'.padStart(24, '0'), active: true, createdAt: '2026-03-07T08:00:00Z' });
      state.webhooks = [...state.webhooks, created];
      return HttpResponse.json({ success: true, message: 'Webhook created', data: { webhook: created, secret: SECRET } }, { status: 201 });
    }),
    http.get('*/api/admin/webhook/:id', async ({ request, params }) => {
      await record(request);
      const found = find(params.id);
      return found ? envelope({ webhook: found }) : notFound();
    }),
    http.patch('*/api/admin/webhook/:id', async ({ request, params }) => {
      await record(request);
      const found = find(params.id);
      if (!found) return notFound();
      const changed = { ...found, ...(calls.at(-1)!.body as Partial<Webhook>) };
      state.webhooks = state.webhooks.map((w) => (w._id === found._id ? changed : w));
      return envelope({ webhook: changed }, 'Webhook updated');
    }),
    http.delete('*/api/admin/webhook/:id', async ({ request, params }) => {
      await record(request);
      if (!find(params.id)) return notFound();
      state.webhooks = state.webhooks.filter((w) => w._id !== params.id);
      return envelope({}, 'Webhook deleted');
    }),
    http.post('*/api/admin/webhook/:id/rotate-secret', async ({ request, params }) => {
      await record(request);
      const found = find(params.id);
      return found ? envelope({ webhook: found, secret: NEW_SECRET }, 'Secret rotated') : notFound();
    }),
    http.get('*/api/admin/webhook/:id/delivery', async ({ request }) => {
      await record(request);
      const query = new URL(request.url).searchParams;
      const page = Number(query.get('page') ?? 1);
      const perPage = Number(query.get('perPage') ?? 20);
      return envelope({ deliveries: state.deliveries.slice((page - 1) * perPage, page * perPage), total: state.deliveries.length, page, perPage }, 'Deliveries');
    }),
    http.post('*/api/admin/webhook/:id/delivery/:deliveryId/resend', async ({ request, params }) => {
      await record(request);
      const found = state.deliveries.find((d) => d._id === params.deliveryId);
      if (!found) return failure(404, 'Delivery not found');
      const sent: Delivery = { ...found, state: 'delivered', attempts: [...found.attempts, attempt({ at: '2026-03-07T09:00:00Z', status: 204, durationMs: 80 })] };
      state.deliveries = state.deliveries.map((d) => (d._id === sent._id ? sent : d));
      return envelope({ delivery: sent }, 'Delivery sent again');
    }),
  );
  return { calls, state };
}
