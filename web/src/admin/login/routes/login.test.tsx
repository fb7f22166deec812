import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { routes } from '@/admin/app/router';
import { useAuth } from '@/features/auth';
import { ADMIN, ADMIN_TOKEN, adminDashboardHandler, adminOrdersHandler, dashboard, signInAsAdmin } from '@/testing/admin';
import { order } from '@/testing/orders';
import { renderRoutes, resetStores } from '@/testing/render';
import { catalogueHandlers, envelope, failure, server, unexpected, user } from '@/testing/server';

const email = () => screen.getByLabelText('Email');
const password = () => screen.getByLabelText('Password');
const signIn = () => screen.getByRole('button', { name: 'Sign in' });

function fill(emailAddress: string, secret: string) {
  fireEvent.change(email(), { target: { value: emailAddress } });
  fireEvent.change(password(), { target: { value: secret } });
}

afterEach(resetStores);

describe('Console login', () => {
  it('asks for both fields without calling the server', async () => {
    const { calls, handler } = unexpected('post', '*/api/auth/admin/login');
    server.use(handler);
    renderRoutes(routes, '/admin/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Shop console' })).toBeInTheDocument();
    fireEvent.click(signIn());
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(calls).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal in its words and stays signed out', async () => {
    server.use(http.post('*/api/auth/admin/login', () => failure(403, 'Administrator access required')));
    const { router } = renderRoutes(routes, '/admin/login');
    await screen.findByRole('heading', { level: 1, name: 'Shop console' });
    fill('ada@example.com', 'Secret12!');
    fireEvent.click(signIn());
    expect(await screen.findByRole('alert')).toHaveTextContent('Administrator access required');
    expect(useAuth.getState().isAuthenticated).toBe(false);
    expect(router.state.location.pathname).toBe('/admin/login');
  });

  it('signs in with POST /auth/admin/login, keeps the session in the shop’s store, and opens the dashboard', async () => {
    let sent: unknown;
    let auth: string | null = null;
    server.use(
      http.post('*/api/auth/admin/login', async ({ request }) => {
        sent = await request.json();
        return envelope({ user: ADMIN, accessToken: ADMIN_TOKEN }, 'Login successful!');
      }),
      http.get('*/api/admin/dashboard', ({ request }) => {
        auth = request.headers.get('Authorization');
        return envelope(dashboard());
      }),
    );
    const { router } = renderRoutes(routes, '/admin/login');
    await screen.findByRole('heading', { level: 1, name: 'Shop console' });
    fill(' admin@example.com ', 'Secret12!');
    fireEvent.click(signIn());
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
    expect(sent).toEqual({ emailAddress: 'admin@example.com', password: 'Secret12!' });
    expect(JSON.parse(localStorage.getItem('auth-storage')!).state).toMatchObject({ accessToken: ADMIN_TOKEN, isAuthenticated: true });
    await waitFor(() => expect(auth).toBe(`Bearer ${ADMIN_TOKEN}`));
  });
});

describe('Console guard', () => {
  it('sends a guest to the login and back to the page asked for after signing in', async () => {
    const asked: Parameters<typeof adminOrdersHandler>[1] = [];
    server.use(http.post('*/api/auth/admin/login', () => envelope({ user: ADMIN, accessToken: ADMIN_TOKEN })), adminOrdersHandler([order()], asked));
    const { router } = renderRoutes(routes, '/admin/orders?status=shipped');
    expect(await screen.findByRole('heading', { level: 1, name: 'Shop console' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/login');
    fill('admin@example.com', 'Secret12!');
    fireEvent.click(signIn());
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/orders');
    expect(router.state.location.search).toBe('?status=shipped');
    await waitFor(() => expect(asked[0]?.status).toBe('shipped'));
  });

  it('tells a signed-in customer the console is not for them, and lets them sign out or go to the shop', async () => {
    const { calls, handler } = unexpected('get', '*/api/admin/order');
    server.use(handler, ...catalogueHandlers);
    useAuth.getState().signIn(user(), 'customer-token');
    const { router } = renderRoutes(routes, '/admin/orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'You can’t open the shop’s console' })).toBeInTheDocument();
    expect(screen.getByText(/signed in as ada@example.com, a customer account/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the shop' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('navigation', { name: 'Console' })).not.toBeInTheDocument();
    expect(calls).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Shop console' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(useAuth.getState().isAuthenticated).toBe(false);
  });

  it('lets an owner in, on the dashboard, with every one of the console’s sections in order', async () => {
    server.use(adminDashboardHandler());
    signInAsAdmin();
    renderRoutes(routes, '/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    const nav = screen.getAllByRole('navigation', { name: 'Console' })[0];
    expect(within(nav).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/admin'],
      ['Orders', '/admin/orders'],
      ['Returns', '/admin/returns'],
      ['Products', '/admin/products'],
      ['Categories', '/admin/categories'],
      ['Banners', '/admin/banners'],
      ['Pages', '/admin/pages'],
      ['Customers', '/admin/customers'],
      ['Trade applications', '/admin/trade-applications'],
      ['Customer groups', '/admin/customer-groups'],
      ['Reviews', '/admin/reviews'],
      ['Promo codes', '/admin/promo-codes'],
      ['Delivery', '/admin/delivery'],
      ['Search synonyms', '/admin/search-synonyms'],
      ['Activity', '/admin/activity'],
      ['Settings', '/admin/settings'],
      ['Staff', '/admin/staff'],
      ['Webhooks', '/admin/webhooks'],
    ]);
    // Only the dashboard is current: its path begins every other section's.
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Orders' })).not.toHaveAttribute('aria-current');
  });

  it('sends an administrator whose token was revoked back to the login', async () => {
    server.use(http.get('*/api/admin/order', () => failure(401, 'Please log in')));
    signInAsAdmin();
    const { router } = renderRoutes(routes, '/admin/orders?page=2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Shop console' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(router.state.location.state).toEqual({ from: '/admin/orders?page=2' });
    expect(useAuth.getState().accessToken).toBeNull();
  });
});
