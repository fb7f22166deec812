import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { toast } from 'sonner';
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
    expect(screen.getByRole('heading', { name: 'Pickup' })).toBeInTheDocument();
    expect(screen.getByText('Grace Hopper')).toBeInTheDocument();
    expect(screen.getByText('+15550100')).toBeInTheDocument();
    expect(screen.getByText(/Placed on/)).toHaveTextContent('Placed on Mar 01, 2026 · Status: Placed');
    // Only checkout's confirmation thanks the shopper.
    expect(screen.queryByText(/We have e-mailed a confirmation/)).not.toBeInTheDocument();
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
    expect(within(placed).getByText('Placed').parentElement).not.toHaveClass('text-slate-400');
    for (const step of [ready, collected]) {
      expect(step).not.toHaveAttribute('aria-current');
      expect(step.querySelector('p')!.parentElement).toHaveClass('text-slate-400');
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
