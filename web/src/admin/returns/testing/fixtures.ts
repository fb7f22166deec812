// The console's returns API as its tests meet it: a return, the list call over returns
// the test chooses, and the return's page's calls over one return that moves as the
// server's would (its checks are the server's: tests that need a refusal say so).
import { http } from 'msw';
import { envelope, server } from '@/testing/server';
import type { Return, ReturnEvent } from '../types';

export const RETURN_ID = '7'.padStart(24, '0');
export const VALVE = 'a1'.padStart(24, '0');
export const TAP = 'b2'.padStart(24, '0');

/** A return of two valves (wrong size) and one tap (faulty) from order 100001, just
 * requested with a note and two photos; the order paid ₹100.00 for delivery. */
export function adminReturn(overrides: Partial<Return> = {}): Return {
  return {
    _id: RETURN_ID,
    number: 'R-000001',
    orderNumber: '100001',
    status: 'requested',
    lines: [
      { variantId: VALVE, productId: '1'.padStart(24, '0'), sku: 'VAL-15', name: 'Brass Angle Valve', options: { Size: '15 mm' }, quantity: 2, reason: 'wrong_size', received: null, restocked: null },
      { variantId: TAP, productId: '2'.padStart(24, '0'), sku: null, name: 'Chrome Basin Tap', options: {}, quantity: 1, reason: 'faulty', received: null, restocked: null },
    ],
    note: 'The tap drips from the base.',
    reason: null,
    photos: ['https://media.example/returns/1.jpg?sig=a', 'https://media.example/returns/2.jpg?sig=b'],
    refundEstimate: 41.7,
    deliveryFee: 100,
    refunded: null,
    events: [{ type: 'requested', at: '2026-03-05T09:30:00Z', note: null }],
    createdAt: '2026-03-05T09:30:00Z',
    ...overrides,
  };
}

/** What the list call was asked, in order: status, page and perPage (null when absent). */
export type ReturnsAsked = { status: string | null; page: string | null; perPage: string | null }[];

/** GET /admin/return over `returns`, filtered by status and paged as the server does. */
export function adminReturnsHandler(returns: Return[], asked: ReturnsAsked = []) {
  return http.get('*/api/admin/return', ({ request }) => {
    const query = new URL(request.url).searchParams;
    asked.push({ status: query.get('status'), page: query.get('page'), perPage: query.get('perPage') });
    const status = query.get('status');
    const page = Number(query.get('page') ?? 1);
    const perPage = Number(query.get('perPage') ?? 20);
    const matching = returns.filter((r) => !status || r.status === status);
    return envelope({ returns: matching.slice((page - 1) * perPage, page * perPage), total: matching.length, page, perPage }, 'Returns');
  });
}

/** One call a return's page made: its path and body. */
export type ReturnCall = { path: string; body: unknown };

const MESSAGES = { approve: 'Return approved', reject: 'Return rejected', receive: 'Return received', refund: 'Return refunded' } as const;

/** Serves `start` (GET /admin/return/{id}) until a move changes it, as the server would;
 * records each move. */
export function returnApi(start: Return) {
  let current = start;
  const calls: ReturnCall[] = [];
  const moved = (change: Partial<Return>, type: ReturnEvent['type'], note: string | null = null) => {
    current = { ...current, ...change, events: [...current.events, { type, at: '2026-03-06T12:00:00Z', note }] };
  };
  const handler = http.post('*/api/admin/return/:id/:move', async ({ request, params }) => {
    const move = params.move as keyof typeof MESSAGES;
    const body = (await request.json()) as Record<string, unknown>;
    calls.push({ path: new URL(request.url).pathname, body });
    if (move === 'approve') moved({ status: 'approved' }, 'approved');
    if (move === 'reject') moved({ status: 'rejected', reason: String(body.reason) }, 'rejected', String(body.reason));
    if (move === 'receive') {
      const lines = body.lines as { variantId: string; received: number; restocked: number }[];
      moved({ status: 'received', lines: current.lines.map((line) => ({ ...line, ...lines.find((l) => l.variantId === line.variantId) })) }, 'received');
    }
    if (move === 'refund') moved({ status: 'refunded', refunded: Number(body.amount ?? current.refundEstimate) }, 'refunded');
    return envelope({ return: current }, MESSAGES[move]);
  });
  server.use(http.get('*/api/admin/return/:id', () => envelope({ return: current })), handler);
  return calls;
}
