import { fireEvent, screen, within } from '@testing-library/react';
import { useAuth } from '@/features/auth';
import { adminDashboardHandler, adminOrdersHandler, dashboard, signInAsAdmin } from '@/testing/admin';
import { renderRoutes, resetStores } from '@/testing/render';
import { server, user } from '@/testing/server';
import { routes } from './router';

// The console is a document of its own (admin.html), the shop another (index.html), and
// this router knows only /admin: a link to the shop must load the shop's page, or it
// would route to an address this document has no page for.

/** Clicks `link`: true when the router left the click to the browser, which loads the
 * page (stopped here: jsdom loads no pages), false when the router took it. */
function loadsPage(link: HTMLElement): boolean {
  let routed = true;
  const stop = (event: Event) => {
    routed = event.defaultPrevented;
    event.preventDefault();
  };
  window.addEventListener('click', stop);
  try {
    fireEvent.click(link);
  } finally {
    window.removeEventListener('click', stop);
  }
  return !routed;
}

afterEach(resetStores);

describe('The console’s links to the shop load the shop’s page', () => {
  it('from the login page', async () => {
    renderRoutes(routes, '/admin/login');
    const link = await screen.findByRole('link', { name: 'Go to the shop' });
    expect(link).toHaveAttribute('href', '/');
    expect(loadsPage(link)).toBe(true);
  });

  it('from the page that turns a customer away', async () => {
    useAuth.getState().signIn(user(), 'customer-token');
    renderRoutes(routes, '/admin/orders');
    await screen.findByRole('heading', { level: 1, name: 'You can’t open the shop’s console' });
    const link = screen.getByRole('link', { name: 'Go to the shop' });
    expect(link).toHaveAttribute('href', '/');
    expect(loadsPage(link)).toBe(true);
  });

  it('from the side bar, whose sections stay in the console, and from a newest review’s product', async () => {
    signInAsAdmin();
    const productId = 'p2'.padStart(24, '0');
    server.use(
      adminDashboardHandler(
        dashboard({
          reviews: [{ _id: 'r1', productId, productName: 'Chrome Basin Tap', rating: 4, comment: 'Fitted in ten minutes.', author: 'Ada Lovelace', createdAt: '2026-03-03T09:00:00Z' }],
        }),
      ),
      adminOrdersHandler([]),
    );
    const { router } = renderRoutes(routes, '/admin');
    const reviews = await screen.findByRole('region', { name: 'Newest reviews' });

    const product = within(reviews).getByRole('link', { name: 'Chrome Basin Tap' });
    expect(product).toHaveAttribute('href', `/product/${productId}`);
    expect(loadsPage(product)).toBe(true);
    const shop = screen.getByRole('link', { name: 'Go to the shop' });
    expect(shop).toHaveAttribute('href', '/');
    expect(loadsPage(shop)).toBe(true);
    expect(router.state.location.pathname).toBe('/admin');

    expect(loadsPage(within(screen.getByRole('navigation', { name: 'Console' })).getByRole('link', { name: 'Orders' }))).toBe(false);
    expect(router.state.location.pathname).toBe('/admin/orders');
  });
});
