import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { routes } from '@/admin/app/router';
import type { StaffRole } from '@/admin/shared/permissions';
import type { Order } from '@/api/types';
import { adminOrder, adminOrderHandler, adminOrdersHandler, signInAs } from '@/testing/admin';
import { renderRoutes, resetStores } from '@/testing/render';
import { envelope, server } from '@/testing/server';

// What each role may do to an order (the server's role table): the page offers only that.

const NUMBER = '100001';
const CARD = { paymentMethod: 'card', card: { brand: 'visa', last4: '4242' } } as const;
/** Placed for pickup, cash not yet taken: every move is open. */
const UNPAID = adminOrder();
/** Placed for delivery, paid by card: refundable, and not cancellable by support. */
const PAID = adminOrder({ ...CARD, fulfilment: 'delivery', paymentStatus: 'paid' });

async function openOrder(role: StaffRole, order: Order) {
  signInAs(role);
  server.use(adminOrderHandler(() => order));
  renderRoutes(routes, `/admin/orders/${NUMBER}`);
  expect(await screen.findByRole('heading', { level: 2, name: 'Items' })).toBeInTheDocument();
}

const actions = () => {
  const box = screen.queryByRole('region', { name: 'Actions' });
  return box ? within(box).queryAllByRole('button').map((button) => button.textContent) : null;
};

afterEach(resetStores);

describe('Console order page by role', () => {
  it('offers an owner every move, the refund and the internal note', async () => {
    await openOrder('owner', UNPAID);
    expect(actions()).toEqual(['Mark paid (cash received)', 'Mark ready for pickup', 'Cancel order']);
    expect(screen.getByLabelText('Internal note')).toBeInTheDocument();
    resetStores();
    await openOrder('owner', PAID);
    expect(screen.getByRole('region', { name: 'Refund' })).toBeInTheDocument();
  });

  it('offers the warehouse the status moves only: no Mark paid, no Cancel, no Refund, no note', async () => {
    await openOrder('warehouse', UNPAID);
    expect(actions()).toEqual(['Mark ready for pickup']);
    expect(screen.queryByRole('button', { name: /Cancel order/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Internal note')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Packing slip' })).toBeInTheDocument();
    resetStores();
    await openOrder('warehouse', PAID);
    expect(actions()).toEqual(['Mark shipped']);
    expect(screen.queryByRole('region', { name: 'Refund' })).not.toBeInTheDocument();
  });

  it('offers support Cancel on an unpaid order only, and the internal note', async () => {
    const cancelled: unknown[] = [];
    server.use(
      http.post('*/api/admin/order/:number/status', async ({ request }) => {
        cancelled.push(await request.json());
        return envelope({ order: { ...UNPAID, status: 'cancelled' } }, 'Order updated');
      }),
    );
    await openOrder('support', UNPAID);
    expect(actions()).toEqual(['Cancel order']);
    expect(screen.getByLabelText('Internal note')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel order' }));
    await waitFor(() => expect(cancelled).toEqual([{ status: 'cancelled' }]));
  });

  it('shows support no actions at all on a paid order, and no refund', async () => {
    await openOrder('support', PAID);
    expect(actions()).toBeNull();
    expect(screen.queryByRole('region', { name: 'Refund' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Internal note')).toBeInTheDocument();
  });

  it('says a finished order has nothing more to do, whatever the role', async () => {
    await openOrder('support', adminOrder({ status: 'completed', paymentStatus: 'paid' }));
    expect(screen.getByRole('region', { name: 'Actions' })).toHaveTextContent('Nothing more to do: this order is completed.');
  });
});

describe('Console orders table by role', () => {
  it.each<[StaffRole, boolean]>([
    ['owner', true],
    ['manager', true],
    ['warehouse', false],
    ['support', false],
  ])('offers %s the CSV export: %s', async (role, exports) => {
    signInAs(role);
    server.use(adminOrdersHandler([UNPAID]));
    renderRoutes(routes, '/admin/orders');
    expect(await screen.findByRole('link', { name: `#${NUMBER}` })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' }) !== null).toBe(exports);
  });
});
