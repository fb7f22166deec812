import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { toast } from 'sonner';
import { routes } from '@/admin/app/router';
import type { Customer, CustomerDetail } from '@/api/types';
import { adminCustomer, adminCustomersHandler, adminOrder, signInAs, signInAsAdmin } from '@/testing/admin';
import { renderRoutes, resetStores } from '@/testing/render';
import { envelope, failure, server } from '@/testing/server';

beforeEach(signInAsAdmin);
afterEach(resetStores);

const grace = adminCustomer({ orderCount: 3, totalSpent: 240.5 });
const ada = adminCustomer({ _id: 'd'.padStart(24, '0'), fullName: '', emailAddress: 'ada@example.com', isEmailVerified: false, createdAt: '2026-02-01T10:00:00Z', disabled: true, disabledAt: '2026-02-20T12:00:00Z' });

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('Console customers table', () => {
  it('lists each customer’s name, e-mail, verification, orders, total spent and joining date', async () => {
    const asked: URLSearchParams[] = [];
    server.use(adminCustomersHandler([grace, ada], asked));
    renderRoutes(routes, '/admin/customers');
    expect(await screen.findByRole('link', { name: 'Grace Hopper' })).toHaveAttribute('href', `/admin/customers/${grace._id}`);
    expect(rows().map((row) => [within(row).getByRole('rowheader').textContent, ...within(row).getAllByRole('cell').map((cell) => cell.textContent)])).toEqual([
      ['Grace Hopper', 'grace@example.com', 'Yes', '3', '₹240.50', 'Jan 15, 2026'],
      // No name yet: the e-mail stands in, and the account is marked disabled.
      ['ada@example.comDisabled', 'ada@example.com', 'No', '0', '₹0.00', 'Feb 01, 2026'],
    ]);
    expect(screen.getByText('Page 1 of 1 · 2 customers')).toBeInTheDocument();
    expect(Object.fromEntries(asked[0])).toEqual({ page: '1', perPage: '20' });
  });

  it('searches and pages, keeping both in the address and sending them', async () => {
    const many = Array.from({ length: 23 }, (_, i) => adminCustomer({ _id: String(i).padStart(24, '0'), fullName: `Customer ${i + 1}`, emailAddress: `c${i + 1}@example.com` }));
    const asked: URLSearchParams[] = [];
    server.use(adminCustomersHandler(many, asked));
    const { router } = renderRoutes(routes, '/admin/customers');
    await screen.findByRole('link', { name: 'Customer 1' });
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Page 2 of 2 · 23 customers')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(asked.at(-1)?.get('page')).toBe('2');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search customers' }), { target: { value: ' Grace ' } });
    fireEvent.click(within(screen.getByRole('search', { name: 'Customers' })).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=Grace'));
    await waitFor(() => expect(Object.fromEntries(asked.at(-1)!)).toEqual({ q: 'Grace', page: '1', perPage: '20' }));
  });

  it('opens with the search and page the address names', async () => {
    const asked: URLSearchParams[] = [];
    server.use(adminCustomersHandler([], asked));
    renderRoutes(routes, '/admin/customers?q=zed&page=3');
    expect(await screen.findByText("No customer's name or e-mail begins with 'zed'.")).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search customers' })).toHaveValue('zed');
    expect(Object.fromEntries(asked[0])).toEqual({ q: 'zed', page: '3', perPage: '20' });
  });
});

/** Serves `start` with `orders` until a disable or enable call changes it; records each call. */
function customerApi(start: Customer, { orders = [], total = orders.length }: { orders?: CustomerDetail['orders']; total?: number } = {}) {
  let current = start;
  const calls: string[] = [];
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('*/api/admin/customer/:id', ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      return envelope({ customer: current, orders, total, page: Number(query.get('page')), perPage: Number(query.get('perPage')) });
    }),
    http.post('*/api/admin/customer/:id/:access', ({ request, params }) => {
      calls.push(new URL(request.url).pathname);
      const disabled = params.access === 'disable';
      current = { ...current, disabled, disabledAt: disabled ? '2026-03-04T10:00:00Z' : null };
      return envelope({ customer: current }, disabled ? 'Customer disabled' : 'Customer enabled');
    }),
  );
  return { calls, asked };
}

const access = () => screen.getByRole('region', { name: 'Account access' });

describe('Console customer page', () => {
  it('shows the profile and their orders, each linking to the order’s console page', async () => {
    const orders = [adminOrder({ number: '100007', status: 'completed', paymentStatus: 'paid', total: 120, createdAt: '2026-03-01T10:00:00Z' })];
    const { asked } = customerApi(grace, { orders, total: 13 });
    const { router } = renderRoutes(routes, `/admin/customers/${grace._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeInTheDocument();
    const profile = screen.getByRole('region', { name: 'Profile' });
    expect(within(profile).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent])).toEqual([
      ['Name', 'Grace Hopper'],
      ['E-mail', 'grace@example.com'],
      ['E-mail verified', 'Yes'],
      ['Role', 'Customer'],
      ['Joined', 'Jan 15, 2026'],
      ['Orders', '3'],
      ['Total spent', '₹240.50'],
    ]);
    expect(access()).toHaveTextContent('Active: they can sign in and place orders.');
    expect(within(access()).getByRole('link', { name: 'Changes made to this account' })).toHaveAttribute('href', `/admin/activity?objectType=customer&objectId=${grace._id}`);

    const table = screen.getByRole('region', { name: "Customer's orders" });
    expect(within(table).getByRole('link', { name: '#100007' })).toHaveAttribute('href', '/admin/orders/100007');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Mar 01, 2026, 10:00 UTCPickupCompletedPaid₹120.00');
    expect(Object.fromEntries(asked[0])).toEqual({ page: '1', perPage: '10' });

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() => expect(asked.at(-1)?.get('page')).toBe('2'));
  });

  it('asks before disabling; keeping it active sends nothing, confirming disables the account', async () => {
    const success = vi.spyOn(toast, 'success');
    const { calls } = customerApi(grace);
    renderRoutes(routes, `/admin/customers/${grace._id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Disable account' }));
    let dialog = await screen.findByRole('dialog', { name: "Disable Grace Hopper's account?" });
    expect(dialog).toHaveTextContent('They are signed out everywhere at once and cannot sign in until the account is enabled again. Their orders are kept.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it active' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Disable account' }));
    dialog = await screen.findByRole('dialog', { name: "Disable Grace Hopper's account?" });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, disable account' }));
    expect(await screen.findByRole('button', { name: 'Enable account' })).toBeInTheDocument();
    expect(calls).toEqual([`/api/admin/customer/${grace._id}/disable`]);
    expect(access()).toHaveTextContent('Disabled on Mar 04, 2026, 10:00 UTC: they cannot sign in.');
    expect(screen.getByText('Disabled', { selector: 'span' })).toBeInTheDocument();
    expect(success).toHaveBeenCalledWith("Grace Hopper's account is disabled");
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('enables a disabled account after asking', async () => {
    const { calls } = customerApi(ada);
    renderRoutes(routes, `/admin/customers/${ada._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'ada@example.com' })).toBeInTheDocument();
    expect(access()).toHaveTextContent('Disabled on Feb 20, 2026, 12:00 UTC: they cannot sign in.');
    fireEvent.click(screen.getByRole('button', { name: 'Enable account' }));
    const dialog = await screen.findByRole('dialog', { name: "Enable ada@example.com's account?" });
    expect(dialog).toHaveTextContent('They can sign in again. Sessions from before the account was disabled stay signed out.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, enable account' }));
    expect(await screen.findByRole('button', { name: 'Disable account' })).toBeInTheDocument();
    expect(calls).toEqual([`/api/admin/customer/${ada._id}/enable`]);
    expect(access()).toHaveTextContent('Active: they can sign in and place orders.');
  });

  it('shows the server’s refusal in its words, the account unchanged', async () => {
    const admin = adminCustomer({ fullName: 'Other Admin', role: 'owner' });
    customerApi(admin);
    server.use(http.post('*/api/admin/customer/:id/disable', () => failure(403, 'Administrators cannot be disabled')));
    renderRoutes(routes, `/admin/customers/${admin._id}`);
    expect(within(await screen.findByRole('region', { name: 'Profile' })).getByText('Owner')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Disable account' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, disable account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(access()).findByRole('alert')).toHaveTextContent('Administrators cannot be disabled');
    expect(access()).toHaveTextContent('Active: they can sign in and place orders.');
  });

  it('says when the customer does not exist', async () => {
    server.use(http.get('*/api/admin/customer/:id', () => failure(404, 'Customer not found')));
    renderRoutes(routes, `/admin/customers/${'f'.repeat(24)}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Customer not found');
    expect(screen.getByRole('link', { name: 'All customers' })).toHaveAttribute('href', '/admin/customers');
  });
});

describe('Console customer page by role', () => {
  it('lets support read an account, with no way to disable it and no link to the activity log', async () => {
    signInAs('support');
    customerApi(grace);
    renderRoutes(routes, `/admin/customers/${grace._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeInTheDocument();
    expect(access()).toHaveTextContent('Active: they can sign in and place orders.');
    expect(within(access()).queryByRole('button')).not.toBeInTheDocument();
    expect(within(access()).queryByRole('link', { name: 'Changes made to this account' })).not.toBeInTheDocument();
  });

  it('offers a manager the button and the log', async () => {
    signInAs('manager');
    customerApi(grace);
    renderRoutes(routes, `/admin/customers/${grace._id}`);
    expect(await screen.findByRole('button', { name: 'Disable account' })).toBeInTheDocument();
    expect(within(access()).getByRole('link', { name: 'Changes made to this account' })).toBeInTheDocument();
  });
});
