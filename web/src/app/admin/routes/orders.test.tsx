import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { routes } from '@/app/router';
import { adminOrder, adminOrdersHandler, type ListAsked, signInAsAdmin } from '@/testing/admin';
import { renderRoutes, resetStores } from '@/testing/render';
import { failure, server } from '@/testing/server';

const placed = adminOrder({ _id: '1'.padStart(24, '0'), number: '100002', createdAt: '2026-03-02T09:05:00Z' });
const shipped = adminOrder({
  _id: '2'.padStart(24, '0'),
  number: '100001',
  status: 'shipped',
  fulfilment: 'delivery',
  paymentMethod: 'card',
  paymentStatus: 'paid',
  total: 120,
  contact: { firstName: 'Ada Lovelace', companyName: '', streetAddress: '1 Pipe Lane', apartment: '', townCity: 'Leeds', phoneNumber: '+447700900123', emailAddress: 'ada@example.com' },
  createdAt: '2026-03-01T10:00:00Z',
});

beforeEach(signInAsAdmin);
// The console is a lazy chunk: loaded once here, not inside the first test's wait.
beforeAll(() => import('@/app/admin/console'));
afterEach(resetStores);

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('Console orders table', () => {
  it('lists every order with its number, date, customer, fulfilment, status, payment and total', async () => {
    const asked: ListAsked = [];
    server.use(adminOrdersHandler([placed, shipped], asked));
    renderRoutes(routes, '/admin/orders');
    expect(await screen.findByRole('link', { name: '#100002' })).toHaveAttribute('href', '/admin/orders/100002');
    expect(rows().map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Mar 02, 2026, 09:05 UTC', 'Grace Hoppergrace@example.com', 'Pickup', 'Placed', 'Unpaid', '₹20.00'],
      ['Mar 01, 2026, 10:00 UTC', 'Ada Lovelaceada@example.com', 'Delivery', 'Shipped', 'Paid', '₹120.00'],
    ]);
    expect(screen.getByText('Page 1 of 1 · 2 orders')).toBeInTheDocument();
    expect(asked).toEqual([{ status: null, page: '1', perPage: '20', auth: 'Bearer admin-token' }]);
  });

  it('filters by status, keeping the filter in the address', async () => {
    const asked: ListAsked = [];
    server.use(adminOrdersHandler([placed, shipped], asked));
    const { router } = renderRoutes(routes, '/admin/orders');
    await screen.findByRole('link', { name: '#100002' });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'shipped' } });
    await waitFor(() => expect(screen.queryByRole('link', { name: '#100002' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: '#100001' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=shipped');
    expect(asked.at(-1)).toMatchObject({ status: 'shipped', page: '1' });

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '' } });
    expect(await screen.findByRole('link', { name: '#100002' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('opens with the filter and page the address names, and pages on', async () => {
    const many = Array.from({ length: 25 }, (_, i) => adminOrder({ _id: String(i).padStart(24, '0'), number: String(100100 - i), status: 'completed' }));
    const asked: ListAsked = [];
    server.use(adminOrdersHandler([placed, ...many], asked));
    const { router } = renderRoutes(routes, '/admin/orders?status=completed');
    expect(await screen.findByRole('link', { name: '#100100' })).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('completed');
    expect(rows()).toHaveLength(20);
    expect(screen.getByText('Page 1 of 2 · 25 orders')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Page 2 of 2 · 25 orders')).toBeInTheDocument();
    expect(rows()).toHaveLength(5);
    expect(router.state.location.search).toBe('?status=completed&page=2');
    expect(asked.at(-1)).toMatchObject({ status: 'completed', page: '2' });
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('says so when no order has the status', async () => {
    server.use(adminOrdersHandler([placed]));
    renderRoutes(routes, '/admin/orders?status=cancelled');
    expect(await screen.findByText('No orders are cancelled.')).toBeInTheDocument();
  });

  it('shows a failure in the server’s words', async () => {
    server.use(http.get('*/api/admin/order', () => failure(400, 'Status must be one of placed, ready_for_pickup, shipped, completed, cancelled')));
    renderRoutes(routes, '/admin/orders');
    expect(await screen.findByRole('alert')).toHaveTextContent('Status must be one of placed');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
