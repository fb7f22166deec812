import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { toast } from '@/lib/toast';
import { routes } from '@/app/router';
import { useAuth } from '@/features/auth/store';
import type { Order } from '@/features/orders';
import { ORDER_NUMBER, ORDER_TOKEN, order } from '@/testing/orders';
import { catalogueHandlers, envelope, failure, gate, server, unexpected, user } from '@/testing/server';
import { renderRoutes, resetStores } from '@/testing/render';

const GUEST_PAGE = `/orders/${ORDER_NUMBER}?token=${encodeURIComponent(ORDER_TOKEN)}`;

/** What GET /order/{number} was asked with. */
interface Asked {
  token: string | null;
  authorization: string | null;
}

/** GET /order/{number} answering with `current()` to the right token (or any bearer),
 * and 404 'Order not found' to anything else, as the server does. */
function orderHandlers(current: () => Order, asked: Asked[] = []) {
  return [
    http.get(`*/api/order/${ORDER_NUMBER}`, ({ request }) => {
      const token = new URL(request.url).searchParams.get('token');
      const authorization = request.headers.get('Authorization');
      asked.push({ token, authorization });
      return token === ORDER_TOKEN || (token === null && authorization) ? envelope({ order: current() }) : failure(404, 'Order not found');
    }),
    ...catalogueHandlers,
  ];
}

const timeline = () => screen.getByRole('list', { name: 'Order status' });
/** Each step of the timeline as read: its label and date, or 'Not yet'. */
const steps = () => within(timeline()).getAllByRole('listitem').map((step) => step.textContent);
const heading = () => screen.findByRole('heading', { level: 1, name: `Order #${ORDER_NUMBER}` });

// The pages' code is loaded once here, so that no test's first wait is spent on it.
beforeAll(() => Promise.all([import('@/app/layouts/main-layout'), import('./order'), import('./my-order'), import('@/app/layouts/account-layout')]));
afterEach(resetStores);

describe('The guest order page (/orders/{number}?token=…)', () => {
  it('opens signed out with the mailed token, and shows the lines, totals, contact and timeline', async () => {
    const asked: Asked[] = [];
    server.use(...orderHandlers(() => order(), asked));
    renderRoutes(routes, GUEST_PAGE);
    await heading();
    expect(await screen.findByRole('list', { name: 'Items' })).toHaveTextContent('Brass Angle Valve2 × ₹12.50₹25.00');
    expect(asked).toEqual([{ token: ORDER_TOKEN, authorization: null }]);
    const totals = screen.getByLabelText('Order totals');
    expect(totals).toHaveTextContent('Subtotal₹25.00Discount-₹5.00Delivery Fee₹0.00Total₹20.00');
    // Nothing given back: no line for it.
    expect(totals).not.toHaveTextContent('Refunded');
    expect(screen.getByRole('heading', { name: 'Pickup' })).toBeInTheDocument();
    expect(screen.getByText('Grace Hopper')).toBeInTheDocument();
    expect(screen.getByText('+15550100')).toBeInTheDocument();
    expect(screen.getByText(/Placed on/)).toHaveTextContent('Placed on Mar 01, 2026 · Status: Placed');
    // Only checkout's confirmation thanks the shopper.
    expect(screen.queryByText(/We have e-mailed a confirmation/)).not.toBeInTheDocument();
  });

  it('shows the promo code’s line when the code took something off', async () => {
    server.use(...orderHandlers(() => order({ promoCode: 'SAVE10', promoDiscount: 2, total: 18 })));
    renderRoutes(routes, GUEST_PAGE);
    await heading();
    expect(await screen.findByLabelText('Order totals')).toHaveTextContent('Subtotal₹25.00Discount-₹5.00Promo code SAVE10-₹2.00Delivery Fee₹0.00Total₹18.00');
  });

  it('keeps checkout’s confirmation on a reload: the marker and the token are in the address', async () => {
    server.use(...orderHandlers(() => order()));
    renderRoutes(routes, `${GUEST_PAGE}&placed=1`);
    expect(await screen.findByRole('heading', { name: `Thank you, your order #${ORDER_NUMBER} is placed` })).toBeInTheDocument();
    expect(screen.getByText('We have e-mailed a confirmation to grace@example.com')).toBeInTheDocument();
  });

  it('greys the steps not reached yet', async () => {
    server.use(...orderHandlers(() => order()));
    renderRoutes(routes, GUEST_PAGE);
    await waitFor(() => expect(steps()).toEqual(['PlacedMar 01, 2026', 'Ready for pickupNot yet', 'CollectedNot yet']));
    const [placed, ready, collected] = within(timeline()).getAllByRole('listitem');
    expect(placed).toHaveAttribute('aria-current', 'step');
    expect(within(placed).getByText('Placed').parentElement).not.toHaveClass('text-slate-500');
    for (const step of [ready, collected]) {
      expect(step).not.toHaveAttribute('aria-current');
      expect(step.querySelector('p')!.parentElement).toHaveClass('text-slate-500');
    }
  });

  it('shows a delivery’s Shipped and Delivered, and a cancelled order’s Cancelled with its date', async () => {
    let current = order({
      fulfilment: 'delivery',
      status: 'shipped',
      cancellable: false,
      events: [
        { type: 'placed', at: '2026-03-01T10:00:00Z', note: null },
        { type: 'shipped', at: '2026-03-02T09:00:00Z', note: null },
      ],
    });
    server.use(...orderHandlers(() => current));
    const view = renderRoutes(routes, GUEST_PAGE);
    await waitFor(() => expect(steps()).toEqual(['PlacedMar 01, 2026', 'ShippedMar 02, 2026', 'DeliveredNot yet']));
    expect(screen.getByRole('heading', { name: 'Delivery' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    view.unmount();

    current = order({
      status: 'cancelled',
      cancellable: false,
      events: [
        { type: 'placed', at: '2026-03-01T10:00:00Z', note: null },
        { type: 'cancelled', at: '2026-03-03T08:00:00Z', note: 'Cancelled at your request' },
      ],
    });
    renderRoutes(routes, GUEST_PAGE);
    await waitFor(() => expect(steps()).toEqual(['PlacedMar 01, 2026', 'CancelledMar 03, 2026Cancelled at your request']));
    expect(screen.getByText(/Placed on/)).toHaveTextContent('Status: Cancelled');
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('says when the link does not open the order, and leads to Track your order', async () => {
    server.use(...orderHandlers(() => order()));
    renderRoutes(routes, `/orders/${ORDER_NUMBER}?token=tampered`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Order not found');
    expect(within(alert).getByRole('link', { name: 'Track your order' })).toHaveAttribute('href', '/track-order');
  });
});

describe('Cancelling an order', () => {
  const CANCELLED = order({
    status: 'cancelled',
    cancellable: false,
    events: [
      { type: 'placed', at: '2026-03-01T10:00:00Z', note: null },
      { type: 'cancelled', at: '2026-03-04T12:00:00Z', note: null },
    ],
  });

  it('asks first; No keeps the order, Yes cancels it with the token and shows the new state', async () => {
    const success = vi.spyOn(toast, 'success');
    const { held, release } = gate();
    const cancels: (string | null)[] = [];
    let current = order();
    server.use(
      ...orderHandlers(() => current),
      http.post(`*/api/order/${ORDER_NUMBER}/cancel`, async ({ request }) => {
        cancels.push(new URL(request.url).searchParams.get('token'));
        await held;
        current = CANCELLED;
        return envelope({ order: CANCELLED });
      }),
    );
    renderRoutes(routes, GUEST_PAGE);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    let dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    expect(dialog).toHaveTextContent(`Order #${ORDER_NUMBER} will be cancelled`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cancels).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel order' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancelling...' })).toBeDisabled());
    release();
    await waitFor(() => expect(steps()).toEqual(['PlacedMar 01, 2026', 'CancelledMar 04, 2026']));
    expect(cancels).toEqual([ORDER_TOKEN]);
    expect(success).toHaveBeenCalledWith(`Order #${ORDER_NUMBER} has been cancelled`);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('says why when the order can no longer be cancelled', async () => {
    const error = vi.spyOn(toast, 'error');
    server.use(...orderHandlers(() => order()), http.post(`*/api/order/${ORDER_NUMBER}/cancel`, () => failure(409, 'This order can no longer be cancelled')));
    renderRoutes(routes, GUEST_PAGE);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel order' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('This order can no longer be cancelled'));
  });
});

describe('A signed-in shopper’s order page (/my-orders/{number})', () => {
  beforeEach(() => useAuth.getState().signIn(user(), 'token-123'));

  it('opens with the bearer alone, and cancels without a token', async () => {
    const asked: Asked[] = [];
    const cancels: (string | null)[] = [];
    server.use(
      ...orderHandlers(() => order(), asked),
      http.post(`*/api/order/${ORDER_NUMBER}/cancel`, ({ request }) => {
        cancels.push(new URL(request.url).searchParams.get('token'));
        return envelope({ order: order({ status: 'cancelled', cancellable: false }) });
      }),
    );
    renderRoutes(routes, `/my-orders/${ORDER_NUMBER}`);
    await heading();
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(asked).toEqual([{ token: null, authorization: 'Bearer token-123' }]));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel order' }));
    await waitFor(() => expect(cancels).toEqual([null]));
  });

  it('opens the mailed link without a token too, with the bearer', async () => {
    const post = unexpected('post', `*/api/order/${ORDER_NUMBER}/cancel`);
    server.use(...orderHandlers(() => order()), post.handler);
    renderRoutes(routes, `/orders/${ORDER_NUMBER}`);
    expect(await screen.findByRole('list', { name: 'Items' })).toBeInTheDocument();
    expect(post.calls).not.toHaveBeenCalled();
  });
});

describe('An order paid by card', () => {
  const PLACED = { type: 'placed', at: '2026-03-01T10:00:00Z', note: null } as const;
  const PAID = order({ paymentMethod: 'card', card: { brand: 'visa', last4: '4242' }, paymentStatus: 'paid', events: [PLACED, { type: 'paid', at: '2026-03-01T10:01:00Z', note: null }] });
  const PENDING = order({ paymentMethod: 'card', card: { brand: 'visa', last4: '3220' }, paymentStatus: 'pending' });
  const FAILED = order({
    paymentMethod: 'card',
    card: { brand: 'visa', last4: '3220' },
    paymentStatus: 'failed',
    status: 'cancelled',
    cancellable: false,
    events: [PLACED, { type: 'payment_failed', at: '2026-03-01T10:02:00Z', note: null }, { type: 'cancelled', at: '2026-03-01T10:02:00Z', note: null }],
  });

  /** POST /order/{number}/payment/refresh answering with each of `answers` in turn (the
   * last repeats); the tokens it was asked with are in `asked`. */
  function refreshHandler(answers: Order[], asked: (string | null)[] = []) {
    return http.post(`*/api/order/${ORDER_NUMBER}/payment/refresh`, ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('token'));
      return envelope({ order: answers[Math.min(asked.length, answers.length) - 1] });
    });
  }

  const payment = () => screen.getByRole('region', { name: 'Payment' });

  it('shows the card it was paid with, and Paid in the timeline, without asking the provider again', async () => {
    const refresh = unexpected('post', `*/api/order/${ORDER_NUMBER}/payment/refresh`);
    server.use(...orderHandlers(() => PAID), refresh.handler);
    renderRoutes(routes, GUEST_PAGE);
    await waitFor(() => expect(steps()).toEqual(['PlacedMar 01, 2026', 'PaidMar 01, 2026', 'Ready for pickupNot yet', 'CollectedNot yet']));
    expect(payment()).toHaveTextContent('MethodVisa •••• 4242StatusPaid');
    expect(refresh.calls).not.toHaveBeenCalled();
  });

  it('says how a cash order is paid', async () => {
    server.use(...orderHandlers(() => order()));
    renderRoutes(routes, GUEST_PAGE);
    await heading();
    await waitFor(() => expect(payment()).toHaveTextContent('MethodCash at pickupStatusTo pay at pickup'));
  });

  it('says a cancelled cash order is cancelled, not what it would have needed', async () => {
    server.use(...orderHandlers(() => order({ status: 'cancelled', cancellable: false })));
    renderRoutes(routes, GUEST_PAGE);
    await heading();
    await waitFor(() => expect(payment()).toHaveTextContent('MethodCash at pickupStatusCancelled'));
    expect(payment()).not.toHaveTextContent('To pay');
  });

  it('opened pending (back from 3-D Secure), asks the provider once with the token and shows the paid order', async () => {
    const asked: (string | null)[] = [];
    server.use(...orderHandlers(() => PENDING), refreshHandler([{ ...PAID, card: { brand: 'visa', last4: '3220' } }], asked));
    renderRoutes(routes, `${GUEST_PAGE}&placed=1`);
    await waitFor(() => expect(payment()).toHaveTextContent('StatusPaid'));
    expect(payment()).toHaveTextContent('Visa •••• 3220');
    expect(screen.queryByText('Waiting for your bank to confirm the payment')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: `Thank you, your order #${ORDER_NUMBER} is placed` })).toBeInTheDocument();
    expect(asked).toEqual([ORDER_TOKEN]);
  });

  it('while still pending, says it waits for the bank and checks again when asked', async () => {
    const { held, release } = gate();
    const asked: (string | null)[] = [];
    let answers = 0;
    server.use(
      ...orderHandlers(() => PENDING),
      http.post(`*/api/order/${ORDER_NUMBER}/payment/refresh`, async ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('token'));
        answers += 1;
        if (answers === 1) return envelope({ order: PENDING });
        await held;
        return envelope({ order: PAID });
      }),
    );
    renderRoutes(routes, GUEST_PAGE);
    expect(await screen.findByText('Waiting for your bank to confirm the payment')).toBeInTheDocument();
    expect(payment()).toHaveTextContent('StatusAwaiting confirmation');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Check again' })).toBeEnabled());
    expect(asked).toEqual([ORDER_TOKEN]);

    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('Checking with your bank...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check again' })).toBeDisabled();
    release();
    await waitFor(() => expect(payment()).toHaveTextContent('StatusPaid'));
    expect(screen.queryByRole('button', { name: 'Check again' })).not.toBeInTheDocument();
    expect(asked).toEqual([ORDER_TOKEN, ORDER_TOKEN]);
  });

  it('says Payment failed when the bank refused: no thanks, the order cancelled, and why', async () => {
    server.use(...orderHandlers(() => PENDING), refreshHandler([FAILED]));
    renderRoutes(routes, `${GUEST_PAGE}&placed=1`);
    await waitFor(() => expect(steps()).toEqual(['PlacedMar 01, 2026', 'Payment failedMar 01, 2026', 'CancelledMar 01, 2026']));
    expect(payment()).toHaveTextContent('StatusPayment failed');
    expect(within(payment()).getByRole('alert')).toHaveTextContent('Payment failed. The order was cancelled and nothing was charged; you can order again.');
    expect(screen.queryByRole('heading', { name: /Thank you/ })).not.toBeInTheDocument();
    expect(screen.getByText(/Placed on/)).toHaveTextContent('Status: Cancelled');
  });

  it('says why the provider could not be asked, and lets the shopper try again', async () => {
    server.use(...orderHandlers(() => PENDING), http.post(`*/api/order/${ORDER_NUMBER}/payment/refresh`, () => failure(502, 'The payment provider did not answer'), { once: true }), refreshHandler([PAID]));
    renderRoutes(routes, GUEST_PAGE);
    expect(await within(await screen.findByRole('region', { name: 'Payment' })).findByRole('alert')).toHaveTextContent('The payment provider did not answer');
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(payment()).toHaveTextContent('StatusPaid'));
    expect(within(payment()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says cancelling refunds the card, and shows Refunded once it has', async () => {
    const REFUNDED = order({
      ...PAID,
      status: 'cancelled',
      paymentStatus: 'refunded',
      refunded: 20,
      cancellable: false,
      events: [...PAID.events, { type: 'cancelled', at: '2026-03-02T09:00:00Z', note: null }, { type: 'refunded', at: '2026-03-02T09:00:01Z', note: null }],
    });
    let current = PAID;
    server.use(
      ...orderHandlers(() => current),
      http.post(`*/api/order/${ORDER_NUMBER}/cancel`, () => {
        current = REFUNDED;
        return envelope({ order: REFUNDED });
      }),
    );
    renderRoutes(routes, GUEST_PAGE);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    expect(dialog).toHaveTextContent('The payment is refunded to your card.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel order' }));
    await waitFor(() => expect(steps()).toEqual(['PlacedMar 01, 2026', 'PaidMar 01, 2026', 'CancelledMar 02, 2026', 'RefundedMar 02, 2026']));
    expect(payment()).toHaveTextContent('StatusRefunded');
    expect(screen.getByLabelText('Order totals')).toHaveTextContent('Total₹20.00Includes VAT at 20%₹3.33Refunded−₹20.00');
  });

  it('shows a partial refund: Partially refunded, what was given back under the total, and that cancelling refunds the rest', async () => {
    const PARTLY = order({ ...PAID, subtotal: 150, discount: 30, total: 120, paymentStatus: 'partially_refunded', refunded: 30 });
    server.use(...orderHandlers(() => PARTLY));
    renderRoutes(routes, GUEST_PAGE);
    await waitFor(() => expect(payment()).toHaveTextContent('MethodVisa •••• 4242StatusPartially refunded'));
    const totals = screen.getByLabelText('Order totals');
    expect(totals).toHaveTextContent('Total₹120.00');
    expect(within(totals).getByText('Refunded').nextElementSibling).toHaveTextContent(/^−₹30\.00$/);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    expect(dialog).toHaveTextContent(`Order #${ORDER_NUMBER} will be cancelled and its items put back on sale. What is left of the payment is refunded to your card. This cannot be undone.`);
  });

  it('asks with the bearer alone on the signed-in shopper’s page', async () => {
    useAuth.getState().signIn(user(), 'token-123');
    const asked: (string | null)[] = [];
    server.use(...orderHandlers(() => PENDING), refreshHandler([PAID], asked));
    renderRoutes(routes, `/my-orders/${ORDER_NUMBER}`);
    await waitFor(() => expect(payment()).toHaveTextContent('StatusPaid'));
    expect(asked).toEqual([null]);
  });
});

describe('An order on account (docs/DESIGN.md §11)', () => {
  const ON_ACCOUNT = order({ paymentMethod: 'account', poNumber: 'PO-2026-17', dueDate: '2026-03-31', paymentStatus: 'unpaid' });
  const payment = () => screen.getByRole('region', { name: 'Payment' });

  it('says it is paid on account, with its PO number and due date, on the signed-in shopper’s page', async () => {
    useAuth.getState().signIn(user(), 'token-123');
    server.use(...orderHandlers(() => ON_ACCOUNT));
    renderRoutes(routes, `/my-orders/${ORDER_NUMBER}`);
    await heading();
    await waitFor(() => expect(payment()).toHaveTextContent('MethodPaid on accountStatusTo pay by the due date'));
    expect(within(payment()).getByText('PO number: PO-2026-17')).toBeInTheDocument();
    expect(within(payment()).getByText('Due: Mar 31, 2026')).toBeInTheDocument();
  });

  it('says the same on the page the mails link to', async () => {
    server.use(...orderHandlers(() => ON_ACCOUNT));
    renderRoutes(routes, GUEST_PAGE);
    await heading();
    await waitFor(() => expect(payment()).toHaveTextContent('MethodPaid on account'));
    expect(within(payment()).getByText('PO number: PO-2026-17')).toBeInTheDocument();
    expect(within(payment()).getByText('Due: Mar 31, 2026')).toBeInTheDocument();
  });

  it('shows no PO number or due date for an order paid otherwise', async () => {
    server.use(...orderHandlers(() => order()));
    renderRoutes(routes, GUEST_PAGE);
    await heading();
    await waitFor(() => expect(payment()).toHaveTextContent('MethodCash at pickup'));
    expect(payment()).not.toHaveTextContent(/PO number|Due:/);
  });
});
