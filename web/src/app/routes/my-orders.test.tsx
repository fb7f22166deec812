import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { routes } from '@/app/router';
import { useAuth } from '@/features/auth/store';
import type { Order } from '@/features/orders';
import { toast } from '@/lib/toast';
import { order } from '@/testing/orders';
import { catalogueHandlers, envelope, failure, item, product, server, user } from '@/testing/server';
import { renderRoutes, resetStores } from '@/testing/render';

const NEWEST = order({
  _id: 'o2'.padStart(24, '0'),
  number: '100002',
  fulfilment: 'delivery',
  status: 'shipped',
  createdAt: '2026-03-05T09:00:00Z',
  total: 144,
  lines: [
    { productId: 'p1', name: 'Rain Shower Head', image: null, unitPrice: 30, listPrice: 40, quantity: 1, lineTotal: 30, options: {} },
    { productId: 'p2', name: 'Brass Angle Valve', image: null, unitPrice: 12.5, listPrice: 12.5, quantity: 2, lineTotal: 25, options: {} },
  ],
});
const OLDER = order({ status: 'cancelled', createdAt: '2026-03-01T10:00:00Z' });

/** GET /order answering `pages` (newest first, as the server sorts), `total` in all. */
function ordersHandler(pages: Record<number, Order[]>, total: number, asked: { page: string | null; perPage: string | null }[] = []) {
  return http.get('*/api/order', ({ request }) => {
    const query = new URL(request.url).searchParams;
    asked.push({ page: query.get('page'), perPage: query.get('perPage') });
    const page = Number(query.get('page'));
    return envelope({ orders: pages[page] ?? [], total, page, perPage: 10 });
  });
}

const rows = () => within(screen.getByRole('list', { name: 'Orders' })).getAllByRole('listitem');

// The pages' code is loaded once here, so that no test's first wait is spent on it.
beforeAll(() => Promise.all([import('@/app/layouts/main-layout'), import('@/app/layouts/account-layout'), import('./my-orders')]));
beforeEach(() => useAuth.getState().signIn(user(), 'token-123'));
afterEach(resetStores);

describe('My Orders', () => {
  it('lists the real orders, newest first: number, date, items, total in rupees and status', async () => {
    server.use(ordersHandler({ 1: [NEWEST, OLDER] }, 2), ...catalogueHandlers);
    renderRoutes(routes, '/my-orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders Details' })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [first, second] = rows();
    expect(first).toHaveAccessibleName('Order #100002');
    expect(first).toHaveTextContent('Order #100002Mar 05, 20263 items: Rain Shower Head and 1 more₹144.00Shipped');
    expect(within(first).getByRole('link', { name: 'Order #100002' })).toHaveAttribute('href', '/my-orders/100002');
    expect(second).toHaveTextContent('Order #100001Mar 01, 20262 items: Brass Angle Valve₹20.00Cancelled');
    // Real orders: no example label.
    expect(screen.queryByText(/Example/)).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Order pages' })).not.toBeInTheDocument();
  });

  it('pages through the orders, keeping the page in the address', async () => {
    const asked: { page: string | null; perPage: string | null }[] = [];
    const firstPage = Array.from({ length: 10 }, (_, i) => order({ _id: `a${i}`.padStart(24, '0'), number: String(100012 - i) }));
    server.use(ordersHandler({ 1: firstPage, 2: [NEWEST, OLDER] }, 12, asked), ...catalogueHandlers);
    const { router } = renderRoutes(routes, '/my-orders');
    await waitFor(() => expect(rows()).toHaveLength(10));
    const pages = screen.getByRole('navigation', { name: 'Order pages' });
    fireEvent.click(within(pages).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]).toHaveAccessibleName('Order #100002');
    expect(router.state.location.search).toBe('?page=2');
    expect(asked).toEqual([
      { page: '1', perPage: '10' },
      { page: '2', perPage: '10' },
    ]);
  });

  it('says when there are no orders yet', async () => {
    server.use(ordersHandler({}, 0), ...catalogueHandlers);
    renderRoutes(routes, '/my-orders');
    expect(await screen.findByText(/You have not placed any orders yet\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start shopping' })).toHaveAttribute('href', '/shop');
  });

  it('says when the orders cannot be loaded, and tries again', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/order', () => {
        calls += 1;
        return calls === 1 ? failure(500, 'Failed to fetch orders') : envelope({ orders: [OLDER], total: 1, page: 1, perPage: 10 });
      }),
      ...catalogueHandlers,
    );
    renderRoutes(routes, '/my-orders');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch orders');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });
});

describe('Buy again from My Orders', () => {
  /** POST /order/{number}/reorder answering `reply`, noting the numbers asked for. */
  const reorderHandler = (reply: () => Response, asked: string[]) =>
    http.post('*/api/order/:number/reorder', ({ params }) => {
      asked.push(String(params.number));
      return reply();
    });

  it("puts the order's lines in the cart at today's prices, and says what became of each", async () => {
    const asked: string[] = [];
    let cart: ReturnType<typeof item>[] = [];
    server.use(
      ordersHandler({ 1: [NEWEST, OLDER] }, 2),
      reorderHandler(() => {
        cart = [item(product(), { quantity: 1 })];
        return envelope(
          {
            lines: [
              { sku: 'RSH-1', status: 'added', quantity: 1, message: 'The price is now ₹110.00 (was ₹100.00)', variantId: 'v1'.padStart(24, '0') },
              { sku: 'BAV-15', status: 'unknown', quantity: 0, message: null, variantId: null },
            ],
          },
          'Lines added to cart',
        );
      }, asked),
      http.get('*/api/user/item', ({ request }) => envelope(new URL(request.url).searchParams.get('type') === 'cart' ? cart : [])),
      ...catalogueHandlers,
    );
    renderRoutes(routes, '/my-orders');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(await screen.findByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument();
    fireEvent.click(within(rows()[0]).getByRole('button', { name: 'Buy again' }));

    const dialog = await screen.findByRole('dialog', { name: 'Buy again: order #100002' });
    expect(asked).toEqual(['100002']);
    expect(within(dialog).getByText('1 of 2 lines added')).toBeInTheDocument();
    const [, changed, gone] = within(dialog).getAllByRole('row');
    expect(changed).toHaveTextContent('RSH-1Added1The price is now ₹110.00 (was ₹100.00)');
    expect(gone).toHaveTextContent('BAV-15Not found0');
    expect(within(dialog).getByRole('link', { name: 'Go to cart' })).toHaveAttribute('href', '/cart');
    // The header's count reads the cart the lines went into.
    expect(await screen.findByRole('link', { name: 'Cart, 1 item', hidden: true })).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says why when the order cannot be bought again', async () => {
    const asked: string[] = [];
    const error = vi.spyOn(toast, 'error');
    server.use(ordersHandler({ 1: [NEWEST] }, 1), reorderHandler(() => failure(404, 'Order not found'), asked), ...catalogueHandlers);
    renderRoutes(routes, '/my-orders');
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(within(rows()[0]).getByRole('button', { name: 'Buy again' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Order not found'));
    expect(asked).toEqual(['100002']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(rows()[0]).getByRole('button', { name: 'Buy again' })).toBeEnabled();
  });
});
