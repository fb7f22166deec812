import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { routes } from '@/admin/app/router';
import { signInAsAdmin } from '@/testing/admin';
import { renderRoutes, resetStores } from '@/testing/render';
import { failure, server } from '@/testing/server';
import { adminReturn, adminReturnsHandler, type ReturnsAsked } from '../testing/fixtures';

const requested = adminReturn();
const refunded = adminReturn({
  _id: '8'.padStart(24, '0'),
  number: 'R-000002',
  orderNumber: '100002',
  status: 'refunded',
  lines: [{ ...adminReturn().lines[0], quantity: 3, received: 3, restocked: 2 }],
  refundEstimate: 1234.5,
  refunded: 1234.5,
  createdAt: '2026-03-04T16:45:00Z',
});

beforeEach(signInAsAdmin);
afterEach(resetStores);

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('Console returns table', () => {
  it('is a section of the console’s menu, after Orders', async () => {
    server.use(adminReturnsHandler([]));
    renderRoutes(routes, '/admin/returns');
    expect(await screen.findByRole('heading', { level: 1, name: 'Returns' })).toBeInTheDocument();
    const nav = screen.getAllByRole('navigation', { name: 'Console' })[0];
    const links = within(nav).getAllByRole('link').map((link) => link.textContent);
    expect(links.slice(1, 3)).toEqual(['Orders', 'Returns']);
    const link = within(nav).getByRole('link', { name: 'Returns' });
    expect(link).toHaveAttribute('href', '/admin/returns');
    expect(link).toHaveAttribute('aria-current', 'page');
  });

  it('lists every return with its number, order, date, items, status and estimate', async () => {
    const asked: ReturnsAsked = [];
    server.use(adminReturnsHandler([requested, refunded], asked));
    renderRoutes(routes, '/admin/returns');
    expect(await screen.findByRole('link', { name: 'R-000001' })).toHaveAttribute('href', `/admin/returns/${requested._id}`);
    expect(screen.getByRole('link', { name: 'R-000002' })).toHaveAttribute('href', `/admin/returns/${refunded._id}`);
    expect(screen.getByRole('link', { name: '#100001' })).toHaveAttribute('href', '/admin/orders/100001');
    expect(screen.getByRole('link', { name: '#100002' })).toHaveAttribute('href', '/admin/orders/100002');
    expect(within(screen.getByRole('table')).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Number', 'Order', 'Requested', 'Items', 'Status', 'Estimate']);
    expect(rows().map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['#100001', 'Mar 05, 2026, 09:30 UTC', '3', 'Requested', '₹41.70'],
      ['#100002', 'Mar 04, 2026, 16:45 UTC', '3', 'Refunded', '₹1234.50'],
    ]);
    expect(screen.getByText('Page 1 of 1 · 2 returns')).toBeInTheDocument();
    expect(asked).toEqual([{ status: null, page: '1', perPage: '20' }]);
  });

  it('filters by status, keeping the filter in the address', async () => {
    const asked: ReturnsAsked = [];
    server.use(adminReturnsHandler([requested, refunded], asked));
    const { router } = renderRoutes(routes, '/admin/returns');
    await screen.findByRole('link', { name: 'R-000001' });
    const status = screen.getByLabelText('Status');
    expect(within(status).getAllByRole('option').map((option) => option.textContent)).toEqual(['All', 'Requested', 'Approved', 'Rejected', 'Cancelled', 'Received', 'Refunded']);
    expect(status).toHaveValue('');

    fireEvent.change(status, { target: { value: 'refunded' } });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'R-000001' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'R-000002' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=refunded');
    expect(asked.at(-1)).toEqual({ status: 'refunded', page: '1', perPage: '20' });

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '' } });
    expect(await screen.findByRole('link', { name: 'R-000001' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('opens with the status and page the address names, and pages on', async () => {
    const many = Array.from({ length: 25 }, (_, i) => adminReturn({ _id: String(i).padStart(24, '0'), number: `R-${String(100 - i).padStart(6, '0')}`, status: 'approved' }));
    const asked: ReturnsAsked = [];
    server.use(adminReturnsHandler([requested, ...many], asked));
    const { router } = renderRoutes(routes, '/admin/returns?status=approved');
    expect(await screen.findByRole('link', { name: 'R-000100' })).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('approved');
    expect(rows()).toHaveLength(20);
    expect(screen.getByText('Page 1 of 2 · 25 returns')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Page 2 of 2 · 25 returns')).toBeInTheDocument();
    expect(rows()).toHaveLength(5);
    expect(router.state.location.search).toBe('?status=approved&page=2');
    expect(asked.at(-1)).toEqual({ status: 'approved', page: '2', perPage: '20' });
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();

    // A new filter starts again from the first page.
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'requested' } });
    await waitFor(() => expect(router.state.location.search).toBe('?status=requested'));
    expect(await screen.findByRole('link', { name: 'R-000001' })).toBeInTheDocument();
  });

  it('leaves out a status the server would refuse from a hand-edited address', async () => {
    const asked: ReturnsAsked = [];
    server.use(adminReturnsHandler([requested], asked));
    renderRoutes(routes, '/admin/returns?status=lost');
    expect(await screen.findByRole('link', { name: 'R-000001' })).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('');
    expect(asked[0]).toEqual({ status: null, page: '1', perPage: '20' });
  });

  it('says when there are no returns yet', async () => {
    server.use(adminReturnsHandler([]));
    renderRoutes(routes, '/admin/returns');
    expect(await screen.findByText('No returns yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when no return has the status', async () => {
    server.use(adminReturnsHandler([requested]));
    renderRoutes(routes, '/admin/returns?status=cancelled');
    expect(await screen.findByText('No returns with this status')).toBeInTheDocument();
  });

  it('shows a failure in the server’s words, with a way to try again', async () => {
    server.use(http.get('*/api/admin/return', () => failure(400, 'Status must be one of requested, approved, rejected, cancelled, received, refunded')));
    renderRoutes(routes, '/admin/returns');
    expect(await screen.findByRole('alert')).toHaveTextContent('Status must be one of requested');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
