import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { routes } from '@/admin/app/router';
import { ADMIN_TOKEN, adminOrder, adminOrdersHandler, type ListAsked, signInAsAdmin } from '@/testing/admin';
import { captureDownloads } from '@/testing/downloads';
import { renderRoutes, resetStores } from '@/testing/render';
import { failure, server } from '@/testing/server';
import { defaultExportRange } from '../components/orders-export';

const placed = adminOrder({ _id: '1'.padStart(24, '0'), number: '100002', createdAt: '2026-03-02T09:05:00Z' });
const shipped = adminOrder({
  _id: '2'.padStart(24, '0'),
  number: '100001',
  status: 'shipped',
  fulfilment: 'delivery',
  paymentMethod: 'card',
  paymentStatus: 'paid',
  total: 120,
  contact: { firstName: 'Ada Lovelace', companyName: '', streetAddress: '1 Pipe Lane', apartment: '', townCity: 'Leeds', postcode: '', country: 'GB', phoneNumber: '+447700900123', emailAddress: 'ada@example.com' },
  createdAt: '2026-03-01T10:00:00Z',
});

beforeEach(signInAsAdmin);
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
    expect(asked).toEqual([{ status: null, paymentStatus: null, fulfilment: null, from: null, to: null, q: null, page: '1', perPage: '20', auth: 'Bearer admin-token' }]);
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

  it('filters by payment, fulfilment, dates and a search, each kept in the address and sent to the server', async () => {
    const asked: ListAsked = [];
    server.use(adminOrdersHandler([placed, shipped], asked));
    const { router } = renderRoutes(routes, '/admin/orders');
    await screen.findByRole('link', { name: '#100002' });

    fireEvent.change(screen.getByLabelText('Payment'), { target: { value: 'paid' } });
    expect(await screen.findByRole('link', { name: '#100001' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: '#100002' })).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('?paymentStatus=paid');

    fireEvent.change(screen.getByLabelText('Fulfilment'), { target: { value: 'delivery' } });
    fireEvent.change(screen.getByLabelText('Placed from (UTC)'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('Placed to (UTC)'), { target: { value: '2026-03-02' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search orders' }), { target: { value: '  ada@ ' } });
    fireEvent.click(within(screen.getByRole('search', { name: 'Orders' })).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?paymentStatus=paid&fulfilment=delivery&from=2026-03-01&to=2026-03-02&q=ada%40'));
    await waitFor(() =>
      expect(asked.at(-1)).toEqual({ status: null, paymentStatus: 'paid', fulfilment: 'delivery', from: '2026-03-01', to: '2026-03-02', q: 'ada@', page: '1', perPage: '20', auth: 'Bearer admin-token' }),
    );
    // The dates bound each other, so the browser's picker offers no backwards range.
    expect(screen.getByLabelText('Placed from (UTC)')).toHaveAttribute('max', '2026-03-02');
    expect(screen.getByLabelText('Placed to (UTC)')).toHaveAttribute('min', '2026-03-01');

    fireEvent.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('link', { name: '#100002' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('');
    expect(screen.getByLabelText('Payment')).toHaveValue('');
  });

  it('shows an order refunded in part as Partially refunded, and filters by it', async () => {
    const partly = adminOrder({ _id: '3'.padStart(24, '0'), number: '100003', paymentMethod: 'card', paymentStatus: 'partially_refunded', refunded: 5, createdAt: '2026-03-03T09:00:00Z' });
    const asked: ListAsked = [];
    server.use(adminOrdersHandler([partly, placed, shipped], asked));
    const { router } = renderRoutes(routes, '/admin/orders');
    await screen.findByRole('link', { name: '#100003' });
    expect(within(rows()[0]).getAllByRole('cell')[4]).toHaveTextContent('Partially refunded');
    expect(within(screen.getByLabelText('Payment')).getByRole('option', { name: 'Partially refunded' })).toHaveValue('partially_refunded');

    fireEvent.change(screen.getByLabelText('Payment'), { target: { value: 'partially_refunded' } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(router.state.location.search).toBe('?paymentStatus=partially_refunded');
    expect(asked.at(-1)).toMatchObject({ paymentStatus: 'partially_refunded', page: '1' });
  });

  it('opens with every filter the address names, and sends them all', async () => {
    const asked: ListAsked = [];
    server.use(adminOrdersHandler([placed, shipped], asked));
    renderRoutes(routes, '/admin/orders?status=shipped&paymentStatus=paid&fulfilment=delivery&from=2026-03-01&to=2026-03-31&q=100001');
    expect(await screen.findByRole('link', { name: '#100001' })).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('shipped');
    expect(screen.getByLabelText('Payment')).toHaveValue('paid');
    expect(screen.getByLabelText('Fulfilment')).toHaveValue('delivery');
    expect(screen.getByLabelText('Placed from (UTC)')).toHaveValue('2026-03-01');
    expect(screen.getByLabelText('Placed to (UTC)')).toHaveValue('2026-03-31');
    expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('100001');
    expect(asked).toEqual([{ status: 'shipped', paymentStatus: 'paid', fulfilment: 'delivery', from: '2026-03-01', to: '2026-03-31', q: '100001', page: '1', perPage: '20', auth: 'Bearer admin-token' }]);
  });

  it('leaves out what the server would refuse from a hand-edited address', async () => {
    const asked: ListAsked = [];
    server.use(adminOrdersHandler([placed], asked));
    renderRoutes(routes, '/admin/orders?paymentStatus=lost&fulfilment=drone&from=yesterday');
    expect(await screen.findByRole('link', { name: '#100002' })).toBeInTheDocument();
    expect(asked[0]).toMatchObject({ paymentStatus: null, fulfilment: null, from: null });
  });

  it('says when nothing matches the search and filters', async () => {
    server.use(adminOrdersHandler([placed]));
    renderRoutes(routes, '/admin/orders?status=placed&fulfilment=delivery');
    expect(await screen.findByText('No orders match the search and filters.')).toBeInTheDocument();
  });

  it('shows the server’s refusal of a date range', async () => {
    server.use(http.get('*/api/admin/order', () => failure(400, 'to must not be before from')));
    renderRoutes(routes, '/admin/orders?from=2026-03-05&to=2026-03-01');
    expect(await screen.findByRole('alert')).toHaveTextContent('to must not be before from');
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

describe('Console orders export', () => {
  it('downloads the orders of the table’s day range as a CSV file, fetched with the token', async () => {
    server.use(adminOrdersHandler([placed]));
    const asked: { from: string | null; to: string | null; auth: string | null }[] = [];
    server.use(
      http.get('*/api/admin/order/export', ({ request }) => {
        const query = new URL(request.url).searchParams;
        asked.push({ from: query.get('from'), to: query.get('to'), auth: request.headers.get('Authorization') });
        return new HttpResponse('number,total\n100002,20.00\n', { headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="orders-2026-03-01-to-2026-03-04.csv"' } });
      }),
    );
    const saved = captureDownloads();
    renderRoutes(routes, '/admin/orders?from=2026-03-01&to=2026-03-05&status=placed');
    await screen.findByRole('link', { name: '#100002' });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export orders' });
    expect(within(dialog).getByLabelText('From (UTC)')).toHaveValue('2026-03-01');
    expect(within(dialog).getByLabelText('To (UTC)')).toHaveValue('2026-03-05');
    fireEvent.change(within(dialog).getByLabelText('To (UTC)'), { target: { value: '2026-03-04' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(asked).toEqual([{ from: '2026-03-01', to: '2026-03-04', auth: `Bearer ${ADMIN_TOKEN}` }]);
    expect(saved[0].name).toBe('orders-2026-03-01-to-2026-03-04.csv');
    expect(await saved[0].blob.text()).toBe('number,total\n100002,20.00\n');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server’s refusal of the days, and keeps the dialog open', async () => {
    server.use(adminOrdersHandler([placed]), http.get('*/api/admin/order/export', () => failure(400, 'Export at most 366 days at once')));
    const saved = captureDownloads();
    renderRoutes(routes, '/admin/orders');
    await screen.findByRole('link', { name: '#100002' });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export orders' });
    fireEvent.change(within(dialog).getByLabelText('From (UTC)'), { target: { value: '2024-01-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download CSV' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Export at most 366 days at once');
    expect(saved).toEqual([]);
  });

  it('offers the table’s days, an open end filled in, or else the last 30 days up to today (UTC)', () => {
    const now = Date.parse('2026-03-10T23:30:00Z');
    expect(defaultExportRange({ from: '2026-02-01', to: '2026-02-14' }, now)).toEqual({ from: '2026-02-01', to: '2026-02-14' });
    expect(defaultExportRange({ from: '2026-03-01', to: '' }, now)).toEqual({ from: '2026-03-01', to: '2026-03-10' });
    expect(defaultExportRange({ from: '', to: '2026-03-05' }, now)).toEqual({ from: '2026-02-04', to: '2026-03-05' });
    expect(defaultExportRange({ from: '', to: '' }, now)).toEqual({ from: '2026-02-09', to: '2026-03-10' });
  });
});
