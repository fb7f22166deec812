import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { routes } from '@/admin/app/router';
import { adminDashboardHandler, dashboard, signInAs, signInAsAdmin } from '@/testing/admin';
import { renderRoutes, resetStores } from '@/testing/render';
import { failure, server } from '@/testing/server';

beforeEach(signInAsAdmin);
afterEach(resetStores);

const panel = (name: string) => screen.getByRole('region', { name });
/** A panel's figures as [term, value] pairs. */
const figures = (name: string) => {
  const terms = within(panel(name)).getAllByRole('term');
  return terms.map((term) => [term.textContent, term.nextElementSibling?.textContent]);
};

const busy = dashboard({
  today: { from: '2026-03-04T00:00:00Z', orders: 3, revenue: 1234.5 },
  week: { from: '2026-03-02T00:00:00Z', orders: 12, revenue: 9876 },
  waiting: { placed: 4, readyForPickup: 1 },
  lowStock: {
    count: 7,
    products: [
      { _id: 'p1'.padStart(24, '0'), variantId: 'v1'.padStart(24, '0'), sku: 'BAV-1', options: {}, name: 'Brass Angle Valve', stock: 1 },
      { _id: 'p2'.padStart(24, '0'), variantId: 'v2'.padStart(24, '0'), sku: 'CBT-1', options: {}, name: 'Chrome Basin Tap', stock: 4 },
    ],
  },
  outOfStock: { count: 1, products: [{ _id: 'p3'.padStart(24, '0'), variantId: 'v3'.padStart(24, '0'), sku: 'CE-15', options: {}, name: 'Copper Elbow 15 mm', stock: 0 }] },
  reviews: [
    { _id: 'r1', productId: 'p2'.padStart(24, '0'), productName: 'Chrome Basin Tap', rating: 4, comment: 'Fitted in ten minutes.', author: 'Ada Lovelace', createdAt: '2026-03-03T09:00:00Z' },
    { _id: 'r2', productId: 'p1'.padStart(24, '0'), productName: 'Brass Angle Valve', rating: 2, comment: 'Dripped after a week.', author: null, createdAt: '2026-03-01T09:00:00Z' },
  ],
});

describe('Console dashboard', () => {
  it('is the console’s landing page, with today’s and this week’s orders and revenue', async () => {
    server.use(adminDashboardHandler(busy));
    renderRoutes(routes, '/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Today' });
    expect(figures('Today')).toEqual([
      ['Orders', '3'],
      ['Revenue', '₹1234.50'],
    ]);
    expect(panel('Today')).toHaveTextContent('Since Mar 04, 2026, 00:00 UTC; cancelled orders are not counted.');
    expect(figures('This week')).toEqual([
      ['Orders', '12'],
      ['Revenue', '₹9876.00'],
    ]);
    expect(panel('This week')).toHaveTextContent('Since Mar 02, 2026, 00:00 UTC');
  });

  it('links the orders waiting for the shop to the orders table filtered that way', async () => {
    server.use(adminDashboardHandler(busy));
    renderRoutes(routes, '/admin');
    const waiting = await screen.findByRole('region', { name: 'Waiting for the shop' });
    expect(within(waiting).getByRole('link', { name: '4 orders placed, to prepare' })).toHaveAttribute('href', '/admin/orders?status=placed');
    expect(within(waiting).getByRole('link', { name: '1 order ready for pickup, to hand over' })).toHaveAttribute('href', '/admin/orders?status=ready_for_pickup');
  });

  it('names the variant a stock entry counts when the server gives its SKU and values', async () => {
    const entry = { _id: 'p4'.padStart(24, '0'), variantId: 'v4'.padStart(24, '0'), name: 'Compression Elbow', stock: 2, sku: 'ELB-22-CHR', options: { Size: '22 mm', Finish: 'Chrome' } };
    const other = { ...entry, sku: 'ELB-15-CHR', options: { Size: '15 mm', Finish: 'Chrome' }, stock: 3 };
    server.use(adminDashboardHandler(dashboard({ ...busy, lowStock: { count: 2, products: [entry, other] } })));
    renderRoutes(routes, '/admin');
    const low = await screen.findByRole('region', { name: 'Low stock' });
    expect(within(low).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Compression ElbowELB-22-CHR · Size: 22 mm, Finish: Chrome2 units',
      'Compression ElbowELB-15-CHR · Size: 15 mm, Finish: Chrome3 units',
    ]);
  });

  it('counts the products low on and out of stock, the first ones linking to their edit pages', async () => {
    server.use(adminDashboardHandler(busy));
    renderRoutes(routes, '/admin');
    const low = await screen.findByRole('region', { name: 'Low stock' });
    // The figures count variants (docs/DESIGN.md §9); the table filters products by their stock.
    expect(low).toHaveTextContent('7 variants have 1 to 9 units left.');
    expect(within(low).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Brass Angle ValveBAV-11 unit', 'Chrome Basin TapCBT-14 units']);
    expect(within(low).getByRole('link', { name: 'Brass Angle Valve' })).toHaveAttribute('href', `/admin/products/${'p1'.padStart(24, '0')}`);
    expect(within(low).getByRole('link', { name: 'See the products in the table' })).toHaveAttribute('href', '/admin/products?stock=low');

    const out = panel('Out of stock');
    expect(out).toHaveTextContent('1 variant has no units left.');
    expect(within(out).getByRole('link', { name: 'Copper Elbow 15 mm' })).toHaveAttribute('href', `/admin/products/${'p3'.padStart(24, '0')}`);
    // All of them are listed already.
    expect(within(out).queryByRole('link', { name: /See all/ })).not.toBeInTheDocument();
  });

  it('shows the newest reviews with their rating, product, author and date', async () => {
    server.use(adminDashboardHandler(busy));
    renderRoutes(routes, '/admin');
    const reviews = within(await screen.findByRole('region', { name: 'Newest reviews' })).getAllByRole('listitem');
    expect(reviews).toHaveLength(2);
    expect(within(reviews[0]).getByRole('img', { name: '4/5' })).toBeInTheDocument();
    expect(within(reviews[0]).getByRole('link', { name: 'Chrome Basin Tap' })).toHaveAttribute('href', `/product/${'p2'.padStart(24, '0')}`);
    expect(reviews[0]).toHaveTextContent('Fitted in ten minutes.Ada Lovelace, Mar 03, 2026');
    expect(reviews[1]).toHaveTextContent('Dripped after a week.A deleted account, Mar 01, 2026');
  });

  it('says plainly when there is nothing to report', async () => {
    server.use(adminDashboardHandler(dashboard()));
    renderRoutes(routes, '/admin');
    expect(await screen.findByText('No product is low on stock.')).toBeInTheDocument();
    expect(screen.getByText('Every product is in stock.')).toBeInTheDocument();
    expect(screen.getByText('No reviews yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '0 orders placed, to prepare' })).toBeInTheDocument();
  });

  it('shows a failure in the server’s words', async () => {
    server.use(http.get('*/api/admin/dashboard', () => failure(503, 'The database is busy. Please try again.')));
    renderRoutes(routes, '/admin');
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is busy. Please try again.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('Console dashboard by role', () => {
  it('names the products running out to a role that cannot open the catalogue, without links', async () => {
    signInAs('support');
    server.use(adminDashboardHandler(busy));
    renderRoutes(routes, '/admin');
    const low = await screen.findByRole('region', { name: 'Low stock' });
    expect(within(low).getByText('Brass Angle Valve')).toBeInTheDocument();
    expect(within(low).queryAllByRole('link')).toEqual([]);
    expect(within(panel('Waiting for the shop')).getAllByRole('link')).toHaveLength(2);
  });

  it('links them for the warehouse', async () => {
    signInAs('warehouse');
    server.use(adminDashboardHandler(busy));
    renderRoutes(routes, '/admin');
    const low = await screen.findByRole('region', { name: 'Low stock' });
    expect(within(low).getByRole('link', { name: 'Brass Angle Valve' })).toHaveAttribute('href', `/admin/products/${'p1'.padStart(24, '0')}`);
    expect(within(low).getByRole('link', { name: 'See the products in the table' })).toBeInTheDocument();
  });
});
