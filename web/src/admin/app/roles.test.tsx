import { fireEvent, screen, within } from '@testing-library/react';
import { http } from 'msw';
import type { StaffRole } from '@/admin/shared/permissions';
import { adminDashboardHandler, signInAs, staffUser } from '@/testing/admin';
import { renderRoutes, resetStores } from '@/testing/render';
import { envelope, server, unexpected } from '@/testing/server';
import { routes } from './router';

// Each role of the staff sees only the sections its permissions open, and an address it
// may not open (typed, bookmarked, shared) says so instead of a page the server refuses.

afterEach(resetStores);

const sections = () => within(screen.getAllByRole('navigation', { name: 'Console' })[0]).getAllByRole('link').map((link) => link.textContent);

describe('The console’s sections by role', () => {
  it.each<[StaffRole, string[]]>([
    ['warehouse', ['Dashboard', 'Orders', 'Returns', 'Products']],
    ['support', ['Dashboard', 'Orders', 'Returns', 'Customers', 'Reviews']],
    [
      'manager',
      ['Dashboard', 'Orders', 'Returns', 'Products', 'Categories', 'Banners', 'Pages', 'Customers', 'Trade applications', 'Customer groups', 'Reviews', 'Promo codes', 'Delivery', 'Search synonyms', 'Activity'],
    ],
  ])('shows %s only its sections: %j', async (role, expected) => {
    server.use(adminDashboardHandler());
    signInAs(role);
    renderRoutes(routes, '/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(sections()).toEqual(expected);
  });

  it('names the signed-in member’s role beside their address', async () => {
    server.use(adminDashboardHandler());
    signInAs('warehouse');
    renderRoutes(routes, '/admin');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(screen.getAllByText('warehouse@example.com')[0].parentElement).toHaveTextContent('warehouse@example.comWarehouse');
  });
});

describe('The not-allowed page', () => {
  it.each<[StaffRole, string, 'get' | 'post', string]>([
    ['warehouse', '/admin/customers', 'get', '*/api/admin/customer'],
    ['warehouse', '/admin/products/new', 'get', '*/api/category'],
    ['warehouse', '/admin/products/import', 'post', '*/api/admin/product/import'],
    ['warehouse', '/admin/reviews', 'get', '*/api/admin/review'],
    ['support', '/admin/products/0123456789abcdef01234567', 'get', '*/api/admin/product/:id'],
    ['support', '/admin/activity', 'get', '*/api/admin/activity'],
    ['manager', '/admin/settings', 'get', '*/api/admin/settings'],
    ['manager', '/admin/staff', 'get', '*/api/admin/staff'],
    ['manager', '/admin/webhooks', 'get', '*/api/admin/webhook'],
  ])('turns %s away from %s, inside the console, without calling the server', async (role, path, method, call) => {
    const { calls, handler } = unexpected(method, call);
    server.use(handler);
    signInAs(role);
    renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Not allowed' })).toBeInTheDocument();
    expect(screen.getByText(/Your role does not allow this/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/admin');
    // The console's frame stays: the member goes on from its sections.
    expect(screen.getAllByRole('navigation', { name: 'Console' })[0]).toBeInTheDocument();
    expect(calls).not.toHaveBeenCalled();
  });

  it('still says a page is not there, whatever the role', async () => {
    signInAs('support');
    renderRoutes(routes, '/admin/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});

describe('Console sign-in by role', () => {
  it('lets any role of the staff in, not only an owner', async () => {
    server.use(http.post('*/api/auth/admin/login', () => envelope({ user: staffUser('support'), accessToken: 'support-token' }, 'Login successful!')), adminDashboardHandler());
    const { router } = renderRoutes(routes, '/admin/login');
    await screen.findByRole('heading', { level: 1, name: 'Shop console' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'support@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret12!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
    expect(sections()).toEqual(['Dashboard', 'Orders', 'Returns', 'Customers', 'Reviews']);
  });

  it('sends a signed-in member of staff on from the login page', async () => {
    server.use(adminDashboardHandler());
    signInAs('warehouse');
    const { router } = renderRoutes(routes, '/admin/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
  });
});
