import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { toast } from 'sonner';
import { routes } from '@/admin/app/router';
import type { Order } from '@/api/types';
import { adminOrder, adminOrderHandler, signInAsAdmin } from '@/testing/admin';
import { refusal } from '@/testing/orders';
import { renderRoutes, resetStores } from '@/testing/render';
import { envelope, failure, server, unexpected } from '@/testing/server';

const NUMBER = '100001';

/** Serves `start` until a status, paid, note or refund call moves it; records each call.
 * A refund adds to `refunded` and makes the payment partly or wholly refunded, as the
 * server does (its checks are the server's: tests that need a refusal say so). */
function orderApi(start: Order) {
  let current = start;
  const calls: { path: string; body: unknown }[] = [];
  const moved = (change: Partial<Order>, type: Order['events'][number]['type'], note: string | null = null) => {
    current = { ...current, ...change, events: [...current.events, { type, at: '2026-03-02T12:00:00Z', note }] };
    return envelope({ order: current }, 'Order updated');
  };
  server.use(
    adminOrderHandler(() => current),
    http.post('*/api/admin/order/:number/status', async ({ request }) => {
      const body = (await request.json()) as { status: Order['status']; note?: string };
      calls.push({ path: new URL(request.url).pathname, body });
      return moved({ status: body.status }, body.status as Order['events'][number]['type'], body.note ?? null);
    }),
    http.post('*/api/admin/order/:number/paid', ({ request }) => {
      calls.push({ path: new URL(request.url).pathname, body: null });
      return moved({ paymentStatus: 'paid' }, 'paid');
    }),
    http.post('*/api/admin/order/:number/note', async ({ request }) => {
      const body = (await request.json()) as { note: string };
      calls.push({ path: new URL(request.url).pathname, body });
      return moved({}, 'note', body.note);
    }),
    http.post('*/api/admin/order/:number/refund', async ({ request }) => {
      const body = (await request.json()) as { amount: number; reason: string };
      calls.push({ path: new URL(request.url).pathname, body });
      const refunded = Math.round((current.refunded + body.amount) * 100) / 100;
      moved({ refunded, paymentStatus: refunded < current.total ? 'partially_refunded' : 'refunded' }, 'refunded');
      return envelope({ order: current }, 'Refund recorded');
    }),
  );
  return calls;
}

async function openOrder() {
  renderRoutes(routes, `/admin/orders/${NUMBER}`);
  expect(await screen.findByRole('heading', { level: 2, name: 'Actions' })).toBeInTheDocument();
}

const actions = () => within(screen.getByRole('region', { name: 'Actions' })).queryAllByRole('button').map((b) => b.textContent);

beforeEach(signInAsAdmin);
afterEach(resetStores);

describe('Console order page', () => {
  it('shows the lines, totals, contact, address and every event, the staff-only ones marked', async () => {
    orderApi(
      adminOrder({
        fulfilment: 'delivery',
        status: 'cancelled',
        deliveryFee: 100,
        total: 120,
        contact: { firstName: 'Ada Lovelace', companyName: 'Pipe Works Ltd', streetAddress: '1 Pipe Lane', apartment: 'Flat 3', townCity: 'Leeds', postcode: '', country: 'GB', phoneNumber: '+447700900123', emailAddress: 'ada@example.com' },
        events: [
          { type: 'placed', at: '2026-03-01T10:00:00Z', note: null },
          { type: 'cancelled', at: '2026-03-01T11:00:00Z', note: 'Out of brass' },
          { type: 'restocked', at: '2026-03-01T11:00:00Z', note: null },
        ],
      }),
    );
    await openOrder();
    const items = screen.getByRole('table');
    expect(within(items).getByRole('rowheader', { name: 'Brass Angle Valve' })).toBeInTheDocument();
    expect(within(items).getByRole('row', { name: /Total ₹120.00/ })).toBeInTheDocument();
    expect(screen.getByText('Pipe Works Ltd')).toBeInTheDocument();
    expect(screen.getByText('1 Pipe Lane')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ada@example.com' })).toHaveAttribute('href', 'mailto:ada@example.com');
    const timeline = within(screen.getByRole('list', { name: 'Timeline' })).getAllByRole('listitem');
    expect(timeline.map((item) => item.textContent)).toEqual([
      'PlacedMar 01, 2026, 10:00 UTC',
      'CancelledMar 01, 2026, 11:00 UTC' + 'Out of brass',
      'Items put back in stockNot shown to the customerMar 01, 2026, 11:00 UTC',
    ]);
    expect(actions()).toEqual([]);
    expect(screen.getByText('Nothing more to do: this order is cancelled.')).toBeInTheDocument();
  });

  it.each<[string, Partial<Order>, string[]]>([
    ['an unpaid cash pickup order just placed', {}, ['Mark paid (cash received)', 'Mark ready for pickup', 'Cancel order']],
    ['a paid pickup order ready for pickup', { status: 'ready_for_pickup', paymentStatus: 'paid' }, ['Mark completed', 'Cancel order']],
    ['a card delivery order just placed', { fulfilment: 'delivery', paymentMethod: 'card', paymentStatus: 'paid' }, ['Mark shipped', 'Cancel order']],
    ['a shipped delivery order', { fulfilment: 'delivery', status: 'shipped', paymentMethod: 'card', paymentStatus: 'paid' }, ['Mark completed']],
    ['a completed order', { status: 'completed', paymentStatus: 'paid' }, []],
  ])('offers for %s only what the status machine allows', async (_, change, expected) => {
    orderApi(adminOrder(change));
    await openOrder();
    expect(actions()).toEqual(expected);
  });

  it('shows a promo code’s amount on a line of its own, apart from the shop’s discount', async () => {
    orderApi(adminOrder({ promoCode: 'SPRING10', promoDiscount: 2, total: 18 }));
    await openOrder();
    const items = screen.getByRole('table');
    expect(within(items).getByRole('row', { name: /Discount -₹5.00/ })).toBeInTheDocument();
    expect(within(items).getByRole('row', { name: /Promo code SPRING10 -₹2.00/ })).toBeInTheDocument();
    expect(within(items).getByRole('row', { name: /Total ₹18.00/ })).toBeInTheDocument();
  });

  it.each<[string, NonNullable<Order['refundFailure']>, string]>([
    ['given up', { status: 'failed', reason: 'The bank could not process the refund', attempts: 12 }, 'Refund failed: The bank could not process the refund (gave up after 12 tries: refund it by hand)'],
    ['still being tried', { status: 'retrying', reason: 'The bank could not process the refund', attempts: 2 }, 'Refund not made yet: The bank could not process the refund (tried 2 times; trying again)'],
  ])('says when a cancelled card order’s refund is %s, and why', async (_, refundFailure, text) => {
    orderApi(adminOrder({ status: 'cancelled', paymentMethod: 'card', paymentStatus: 'paid', refundFailure }));
    await openOrder();
    expect(screen.getByRole('alert')).toHaveTextContent(text);
  });

  it('shows no refund notice while nothing is owed', async () => {
    orderApi(adminOrder({ status: 'cancelled', paymentMethod: 'card', paymentStatus: 'refunded' }));
    await openOrder();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('marks a pickup order ready, then completed, each with its call, and updates the page', async () => {
    const success = vi.spyOn(toast, 'success');
    const calls = orderApi(adminOrder({ paymentStatus: 'paid' }));
    await openOrder();
    fireEvent.click(screen.getByRole('button', { name: 'Mark ready for pickup' }));
    expect(await screen.findByRole('button', { name: 'Mark completed' })).toBeInTheDocument();
    expect(calls).toEqual([{ path: `/api/admin/order/${NUMBER}/status`, body: { status: 'ready_for_pickup' } }]);
    expect(success).toHaveBeenCalledWith(`Order #${NUMBER} is ready for pickup`);
    expect(within(screen.getByRole('list', { name: 'Timeline' })).getByText('Ready for pickup')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Mark completed' }));
    expect(await screen.findByText('Nothing more to do: this order is completed.')).toBeInTheDocument();
    expect(calls[1]).toEqual({ path: `/api/admin/order/${NUMBER}/status`, body: { status: 'completed' } });
  });

  it('records the cash of an unpaid cash order', async () => {
    const calls = orderApi(adminOrder());
    await openOrder();
    fireEvent.click(screen.getByRole('button', { name: 'Mark paid (cash received)' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark paid (cash received)' })).not.toBeInTheDocument());
    expect(calls).toEqual([{ path: `/api/admin/order/${NUMBER}/paid`, body: null }]);
    expect(screen.getAllByText('Paid').length).toBeGreaterThan(0);
  });

  it('ships a delivery order with the tracking note typed', async () => {
    const calls = orderApi(adminOrder({ fulfilment: 'delivery', paymentMethod: 'card', paymentStatus: 'paid' }));
    await openOrder();
    fireEvent.click(screen.getByRole('button', { name: 'Mark shipped' }));
    const dialog = await screen.findByRole('dialog', { name: `Ship order #${NUMBER}?` });
    fireEvent.change(within(dialog).getByLabelText('Tracking note (optional)'), { target: { value: '  Royal Mail AB123456789GB ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([{ path: `/api/admin/order/${NUMBER}/status`, body: { status: 'shipped', note: 'Royal Mail AB123456789GB' } }]);
    expect(await screen.findByText('Royal Mail AB123456789GB')).toBeInTheDocument();
  });

  it('asks before cancelling; keeping the order sends nothing, confirming cancels it', async () => {
    const calls = orderApi(adminOrder({ paymentMethod: 'card', paymentStatus: 'paid' }));
    await openOrder();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    let dialog = await screen.findByRole('dialog', { name: `Cancel order #${NUMBER}?` });
    expect(dialog).toHaveTextContent('Its items go back in stock and the customer is e-mailed. The card payment is refunded. This cannot be undone.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    dialog = await screen.findByRole('dialog', { name: `Cancel order #${NUMBER}?` });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel order' }));
    expect(await screen.findByText('Nothing more to do: this order is cancelled.')).toBeInTheDocument();
    expect(calls).toEqual([{ path: `/api/admin/order/${NUMBER}/status`, body: { status: 'cancelled' } }]);
  });

  it('shows a refused move in the server’s words', async () => {
    orderApi(adminOrder());
    server.use(http.post('*/api/admin/order/:number/status', () => failure(409, 'An order that is completed cannot become ready_for_pickup')));
    await openOrder();
    fireEvent.click(screen.getByRole('button', { name: 'Mark ready for pickup' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An order that is completed cannot become ready_for_pickup');
  });

  it('shows a refused note in the server’s words', async () => {
    orderApi(adminOrder({ fulfilment: 'delivery' }));
    server.use(http.post('*/api/admin/order/:number/status', () => refusal(400, 'A note may be at most 500 characters', { note: 'A note may be at most 500 characters' })));
    await openOrder();
    fireEvent.click(screen.getByRole('button', { name: 'Mark shipped' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A note may be at most 500 characters');
  });

  it('adds an internal note to the timeline, marked as not shown to the customer', async () => {
    const success = vi.spyOn(toast, 'success');
    const calls = orderApi(adminOrder());
    await openOrder();
    const field = screen.getByLabelText('Internal note');
    fireEvent.change(field, { target: { value: '  Customer rang: collecting Friday ' } });
    expect(screen.getByText(/32 of 500 characters/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    const timeline = screen.getByRole('list', { name: 'Timeline' });
    expect(await within(timeline).findByText('Customer rang: collecting Friday')).toBeInTheDocument();
    expect(calls).toEqual([{ path: `/api/admin/order/${NUMBER}/note`, body: { note: 'Customer rang: collecting Friday' } }]);
    expect(within(timeline).getAllByRole('listitem').at(-1)).toHaveTextContent(/^Internal noteNot shown to the customer/);
    expect(success).toHaveBeenCalledWith(`Note added to order #${NUMBER}`);
    await waitFor(() => expect(field).toHaveValue(''));
  });

  it('checks the note before sending it: 1 to 500 characters', async () => {
    const calls = orderApi(adminOrder());
    await openOrder();
    const field = screen.getByLabelText('Internal note');
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Note is required');
    expect(field).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(field, { target: { value: 'x'.repeat(501) } });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('A note may be at most 500 characters'));
    expect(calls).toEqual([]);

    fireEvent.change(field, { target: { value: 'x'.repeat(500) } });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(calls).toEqual([{ path: `/api/admin/order/${NUMBER}/note`, body: { note: 'x'.repeat(500) } }]));
  });

  it('shows the server’s refusal of a note', async () => {
    orderApi(adminOrder());
    server.use(http.post('*/api/admin/order/:number/note', () => failure(404, 'Order not found')));
    await openOrder();
    fireEvent.change(screen.getByLabelText('Internal note'), { target: { value: 'Gone?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Order not found');
    expect(screen.getByLabelText('Internal note')).toHaveValue('Gone?');
  });

  it('says when the order does not exist', async () => {
    const { calls, handler } = unexpected('post', '*/api/admin/order/:number/status');
    server.use(handler, http.get('*/api/admin/order/:number', () => failure(404, 'Order not found')));
    renderRoutes(routes, '/admin/orders/999999');
    expect(await screen.findByRole('alert')).toHaveTextContent('Order not found');
    expect(calls).not.toHaveBeenCalled();
  });

  it('prints a packing slip with quantities and no prices', async () => {
    orderApi(adminOrder());
    renderRoutes(routes, `/admin/orders/${NUMBER}/packing-slip`);
    const slip = await screen.findByRole('article', { name: `Packing slip for order #${NUMBER}` });
    expect(within(slip).getByRole('row', { name: /2 Brass Angle Valve/ })).toBeInTheDocument();
    expect(slip).toHaveTextContent('Collected in store by');
    expect(slip).not.toHaveTextContent('₹');
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: 'Print packing slip' }));
    expect(print).toHaveBeenCalled();
  });
});

describe('Console order refunds', () => {
  const CARD = { paymentMethod: 'card', card: { brand: 'visa', last4: '4242' } } as const;
  const refundBox = () => screen.getByRole('region', { name: 'Refund' });
  const totals = () => screen.getByRole('table');

  /** Fills the refund form (an amount of `undefined` keeps what it was prefilled with) and presses Refund. */
  function refund(reason: string, amount?: string) {
    const box = within(refundBox());
    if (amount !== undefined) fireEvent.change(box.getByLabelText('Amount'), { target: { value: amount } });
    fireEvent.change(box.getByLabelText('Reason'), { target: { value: reason } });
    fireEvent.click(box.getByRole('button', { name: 'Refund' }));
  }

  it('offers what is left of a card order, asks first, sends the amount and reason, and shows the order as it now stands', async () => {
    const success = vi.spyOn(toast, 'success');
    const calls = orderApi(adminOrder({ ...CARD, paymentStatus: 'partially_refunded', refunded: 5 }));
    await openOrder();
    expect(screen.getByText('Partially refunded')).toBeInTheDocument();
    expect(refundBox()).toHaveTextContent('Paid ₹20.00 · Refunded ₹5.00');
    const amount = within(refundBox()).getByLabelText('Amount');
    expect(amount).toHaveDisplayValue('15.00');
    expect(amount).toHaveAttribute('type', 'number');
    expect(amount).toHaveAttribute('step', '0.01');
    expect(within(totals()).getByRole('row', { name: 'Refunded ₹5.00' })).toBeInTheDocument();

    refund('  Scratched on arrival  ', '10');
    let dialog = await screen.findByRole('dialog', { name: 'Refund ₹10.00 to the card ending 4242?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not yet' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([]);

    fireEvent.click(within(refundBox()).getByRole('button', { name: 'Refund' }));
    dialog = await screen.findByRole('dialog', { name: 'Refund ₹10.00 to the card ending 4242?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, refund' }));
    await waitFor(() => expect(refundBox()).toHaveTextContent('Paid ₹20.00 · Refunded ₹15.00'));
    expect(calls).toEqual([{ path: `/api/admin/order/${NUMBER}/refund`, body: { amount: 10, reason: 'Scratched on arrival' } }]);
    expect(success).toHaveBeenCalledWith('Refund recorded');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // A fresh form for what is left now.
    expect(within(refundBox()).getByLabelText('Amount')).toHaveDisplayValue('5.00');
    expect(within(refundBox()).getByLabelText('Reason')).toHaveValue('');
    expect(within(totals()).getByRole('row', { name: 'Refunded ₹15.00' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Timeline' })).getByText('Refunded')).toBeInTheDocument();
  });

  it('lists each refund with its reason, who made it, the return it was for and where it stands', async () => {
    orderApi(
      adminOrder({
        ...CARD,
        paymentStatus: 'partially_refunded',
        refunded: 12,
        refunds: [
          { amount: 5, reason: 'Scratched', status: 'succeeded', by: 'admin@example.com', returnNumber: null, createdAt: '2025-03-02T10:00:00.000Z' },
          { amount: 7, reason: 'Return R-000001', status: 'pending', by: 'admin@example.com', returnNumber: 'R-000001', createdAt: '2025-03-03T10:00:00.000Z' },
          { amount: 3, reason: 'Goodwill', status: 'failed', by: null, returnNumber: null, createdAt: '2025-03-04T10:00:00.000Z' },
        ],
      }),
    );
    await openOrder();
    const items = within(screen.getByRole('list', { name: 'Refunds' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^₹5\.00 · Scratched.*Refunded · admin@example\.com · /),
      expect.stringMatching(/^₹7\.00 · Return R-000001 · for return R-000001.*Held: the provider has not answered yet · admin@example\.com/),
      expect.stringMatching(/^₹3\.00 · Goodwill.*Refused by the provider · the customer’s cancellation/),
    ]);
  });

  it('lists no refunds before the first', async () => {
    orderApi(adminOrder({ status: 'completed', paymentStatus: 'paid', refunds: [] }));
    await openOrder();
    expect(screen.queryByRole('list', { name: 'Refunds' })).not.toBeInTheDocument();
  });

  it('records a cash refund of the whole payment; the box then goes, and the totals keep what was refunded', async () => {
    const calls = orderApi(adminOrder({ status: 'completed', paymentStatus: 'paid' }));
    await openOrder();
    expect(within(totals()).queryByRole('row', { name: /Refunded/ })).not.toBeInTheDocument();
    expect(within(refundBox()).getByLabelText('Amount')).toHaveDisplayValue('20.00');
    refund('Returned unused');
    const dialog = await screen.findByRole('dialog', { name: 'Record a refund of ₹20.00?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Refund' })).not.toBeInTheDocument();
    expect(calls).toEqual([{ path: `/api/admin/order/${NUMBER}/refund`, body: { amount: 20, reason: 'Returned unused' } }]);
    expect(within(totals()).getByRole('row', { name: 'Refunded ₹20.00' })).toBeInTheDocument();
  });

  it('checks the amount and the reason before asking: an amount above 0 with two decimals at most, a reason of 1 to 500 characters', async () => {
    const calls = orderApi(adminOrder({ paymentStatus: 'paid' }));
    await openOrder();
    const box = within(refundBox());
    refund('   ', '');
    await waitFor(() => expect(box.getByLabelText('Amount')).toHaveAccessibleDescription('Amount is required'));
    expect(box.getByLabelText('Amount')).toHaveAttribute('aria-invalid', 'true');
    expect(box.getByLabelText('Reason')).toHaveAccessibleDescription(expect.stringContaining('A reason is required'));

    for (const amount of ['0', '1.005']) {
      refund('x'.repeat(501), amount);
      await waitFor(() => expect(box.getByLabelText('Amount')).toHaveAccessibleDescription('Amount must be more than 0 with at most two decimals'));
      expect(box.getByLabelText('Reason')).toHaveAccessibleDescription(expect.stringContaining('A reason may be at most 500 characters'));
    }
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('shows the server’s refusal of the amount under Amount', async () => {
    orderApi(adminOrder({ ...CARD, paymentStatus: 'partially_refunded', total: 100, refunded: 30 }));
    server.use(http.post('*/api/admin/order/:number/refund', () => refusal(422, 'At most ₹70.00 can be refunded', { amount: 'At most ₹70.00 can be refunded' })));
    await openOrder();
    expect(within(refundBox()).getByLabelText('Amount')).toHaveDisplayValue('70.00');
    refund('Goodwill', '80');
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Refund ₹80.00 to the card ending 4242?' })).getByRole('button', { name: 'Yes, refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const amount = within(refundBox()).getByLabelText('Amount');
    await waitFor(() => expect(amount).toHaveAccessibleDescription('At most ₹70.00 can be refunded'));
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveDisplayValue('80');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a reason the server refused under Reason, and any other refusal in an alert', async () => {
    orderApi(adminOrder({ ...CARD, paymentStatus: 'paid' }));
    // The last handler used answers first: the 400 once, then the 409.
    server.use(http.post('*/api/admin/order/:number/refund', () => failure(409, 'The payment provider did not refund: the card has expired')));
    server.use(http.post('*/api/admin/order/:number/refund', () => refusal(400, 'A reason may be at most 500 characters', { reason: 'A reason may be at most 500 characters' }), { once: true }));
    await openOrder();
    refund('Goodwill');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(within(refundBox()).getByLabelText('Reason')).toHaveAccessibleDescription(expect.stringContaining('A reason may be at most 500 characters')));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    fireEvent.click(within(refundBox()).getByRole('button', { name: 'Refund' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(refundBox()).findByRole('alert')).toHaveTextContent('The payment provider did not refund: the card has expired');
    expect(refundBox()).toHaveTextContent('Paid ₹20.00 · Refunded ₹0.00');
  });

  it.each<[string, Partial<Order>]>([
    ['unpaid', {}],
    ['awaiting the bank', { ...CARD, paymentStatus: 'pending' }],
    ['whose payment failed', { ...CARD, status: 'cancelled', paymentStatus: 'failed' }],
    ['refunded in full', { ...CARD, status: 'cancelled', paymentStatus: 'refunded', refunded: 20 }],
  ])('offers no refund of an order %s', async (_, change) => {
    orderApi(adminOrder(change));
    await openOrder();
    expect(screen.queryByRole('region', { name: 'Refund' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Amount')).not.toBeInTheDocument();
  });

  it('says cancelling a card order refunded in part gives back what is left', async () => {
    orderApi(adminOrder({ ...CARD, paymentStatus: 'partially_refunded', refunded: 5 }));
    await openOrder();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: `Cancel order #${NUMBER}?` });
    expect(dialog).toHaveTextContent('Its items go back in stock and the customer is e-mailed. What is left of the card payment is refunded. This cannot be undone.');
  });

  it.each([
    ['paid', 0, 'What was paid is recorded as refunded.'],
    ['partially_refunded', 5, 'What is left of the payment is recorded as refunded.'],
  ] as const)('says cancelling a %s cash order records its refund', async (paymentStatus, refunded, says) => {
    orderApi(adminOrder({ paymentMethod: 'cod', card: null, paymentStatus, refunded }));
    await openOrder();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: `Cancel order #${NUMBER}?` });
    expect(dialog).toHaveTextContent(`Its items go back in stock and the customer is e-mailed. ${says} This cannot be undone.`);
  });
});
