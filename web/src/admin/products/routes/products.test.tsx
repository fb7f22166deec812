import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { routes } from '@/admin/app/router';
import type { AdminProduct, Category } from '@/api/types';
import { ADMIN_TOKEN, adminProduct, adminProductsHandler, signInAsAdmin } from '@/testing/admin';
import { captureDownloads } from '@/testing/downloads';
import { renderRoutes, resetStores } from '@/testing/render';
import { envelope, failure, server } from '@/testing/server';

const shopCategories: Category[] = [
  { _id: 'a'.repeat(24), title: 'Faucets', version: 1, subCategories: [{ _id: 'b'.repeat(24), title: 'Basin Taps', version: 1 }, { _id: 'd'.repeat(24), title: 'Kitchen Taps', version: 1 }], maxDiscountPercentage: 50 },
  { _id: 'c'.repeat(24), title: 'Heating', version: 1, subCategories: [{ _id: 'e'.repeat(24), title: 'Radiators', version: 1 }], maxDiscountPercentage: 0 },
];

const tap = adminProduct({ _id: '1'.padStart(24, '0'), name: 'Chrome Basin Tap', price: 40, discountPercentage: 25, discountedPrice: 30, stock: 3, featured: true });
const radiator = adminProduct({
  _id: '2'.padStart(24, '0'),
  name: 'Panel Radiator',
  price: 120,
  discountPercentage: 0,
  discountedPrice: 120,
  stock: 0,
  images: [],
  category: { _id: 'c'.repeat(24), title: 'Heating' },
  subCategory: { _id: 'e'.repeat(24), title: 'Radiators' },
});
const mixer = adminProduct({ _id: '3'.padStart(24, '0'), name: 'Kitchen Mixer', price: 75.5, discountedPrice: 75.5, stock: 40 });

beforeEach(signInAsAdmin);
afterEach(resetStores);

function serve(products: () => AdminProduct[], asked: URLSearchParams[] = []) {
  server.use(http.get('*/api/category', () => envelope({ categories: shopCategories })), adminProductsHandler(products, asked));
  return asked;
}

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const asObject = (query: URLSearchParams | undefined) => Object.fromEntries(query ?? []);

describe('Console products table', () => {
  it('shows a product’s variant count and the range its variants are paid at, when the list carries them', async () => {
    const elbow = {
      ...adminProduct({ _id: '4'.padStart(24, '0'), name: 'Compression Elbow', price: 4.2, discountedPrice: 4.2, stock: 8 }),
      priceRange: { min: 4.2, max: 6.35 },
      variants: [{ archived: false }, { archived: false }, { archived: true }],
    } as unknown as AdminProduct;
    serve(() => [elbow, mixer]);
    renderRoutes(routes, '/admin/products');
    await screen.findByRole('link', { name: 'Compression Elbow' });
    const [first, second] = rows();
    expect(within(first!).getByRole('rowheader')).toHaveTextContent('Compression Elbow2 variants');
    expect(within(first!).getAllByRole('cell')[3]).toHaveTextContent('$4.20 – $6.35');
    expect(within(second!).getByRole('rowheader')).toHaveTextContent(/^Kitchen Mixer$/);
  });

  it('flags products whose variants have no weight, and lists only those when asked', async () => {
    const unweighed = { ...radiator, archived: false, unweighedVariants: 2, variantCount: 3 };
    const weighed = { ...mixer, unweighedVariants: 0, variantCount: 1 };
    const asked = serve(() => [unweighed, weighed]);
    const { router } = renderRoutes(routes, '/admin/products');
    await screen.findByRole('link', { name: 'Panel Radiator' });
    const [first, second] = rows();
    const badge = within(first!).getByText('No weight');
    expect(badge).toHaveAttribute('title', '2 of 3 variants have no weight');
    expect(within(second!).queryByText('No weight')).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Weight'), { target: { value: 'missing' } });
    await waitFor(() => expect(asObject(asked.at(-1))).toMatchObject({ weight: 'missing' }));
    expect(router.state.location.search).toBe('?weight=missing');
  });

  it('shows each product’s photo, name, category, price paid now, stock and whether it is featured, with a link to its shop page', async () => {
    const asked = serve(() => [tap, radiator, mixer]);
    renderRoutes(routes, '/admin/products');
    expect(await screen.findByRole('link', { name: 'Chrome Basin Tap' })).toHaveAttribute('href', `/admin/products/${tap._id}`);
    expect(rows().map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['', '', 'Faucets / Basin Taps', '$30.00List price $40.00 · 25% off', '3Low', 'Featured', ''],
      ['', '', 'Heating / Radiators', '$120.00', '0Out of stock', 'No', ''],
      ['', '', 'Faucets / Basin Taps', '$75.50', '40', 'No', ''],
    ]);
    const [first, second] = rows();
    const thumbnail = first.querySelector('img')!;
    expect(thumbnail).toHaveAttribute('src', '/media/demo/faucet-chrome-0.svg');
    expect(thumbnail).toHaveAttribute('width', '48');
    expect(thumbnail).toHaveAttribute('height', '48');
    expect(second.querySelector('img')).toHaveAttribute('src', '/placeholder-product.svg');
    expect(within(first).getByRole('link', { name: 'View Chrome Basin Tap in the shop (opens in a new tab)' })).toHaveAttribute('href', `/product/${tap._id}`);
    expect(screen.getByText('Page 1 of 1 · 3 products')).toBeInTheDocument();
    expect(asObject(asked[0])).toEqual({ sortField: 'createdAt', sortOrder: 'desc', page: '1', perPage: '20' });
  });

  it('keeps the search, filters and sort in the address and asks the server for them', async () => {
    const asked = serve(() => [tap]);
    const { router } = renderRoutes(routes, '/admin/products');
    await screen.findByRole('link', { name: 'Chrome Basin Tap' });
    expect(screen.getByLabelText('Sub-category')).toBeDisabled();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search products' }), { target: { value: ' basin tap ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=basin+tap'));

    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'a'.repeat(24) } });
    // The sub-categories offered are the chosen category's.
    const sub = screen.getByLabelText('Sub-category');
    expect(within(sub).getAllByRole('option').map((option) => option.textContent)).toEqual(['All sub-categories', 'Basin Taps', 'Kitchen Taps']);
    fireEvent.change(sub, { target: { value: 'd'.repeat(24) } });
    fireEvent.change(screen.getByLabelText('Stock'), { target: { value: 'low' } });
    fireEvent.change(screen.getByLabelText('Featured'), { target: { value: 'true' } });
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'price:asc' } });

    const expected = { q: 'basin tap', categoryId: 'a'.repeat(24), subCategoryId: 'd'.repeat(24), stock: 'low', featured: 'true', sortField: 'price', sortOrder: 'asc' };
    await waitFor(() => expect(asObject(asked.at(-1))).toEqual({ ...expected, page: '1', perPage: '20' }));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual(expected);

    // A new category empties the sub-category.
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'c'.repeat(24) } });
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('categoryId')).toBe('c'.repeat(24)));
    expect(new URLSearchParams(router.state.location.search).get('subCategoryId')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sortField=price&sortOrder=asc'));
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('');
  });

  it('opens with what the address names, and pages on keeping it', async () => {
    const many = Array.from({ length: 25 }, (_, i) => adminProduct({ _id: String(i).padStart(24, '0'), name: `Tap ${i + 1}` }));
    const asked = serve(() => many);
    const { router } = renderRoutes(routes, `/admin/products?q=tap&stock=out&featured=false&categoryId=${'a'.repeat(24)}&subCategoryId=${'b'.repeat(24)}&sortField=name&sortOrder=asc`);
    expect(await screen.findByRole('link', { name: 'Tap 1' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('tap');
    expect(screen.getByLabelText('Category')).toHaveValue('a'.repeat(24));
    expect(screen.getByLabelText('Sub-category')).toHaveValue('b'.repeat(24));
    expect(screen.getByLabelText('Stock')).toHaveValue('out');
    expect(screen.getByLabelText('Featured')).toHaveValue('false');
    expect(screen.getByLabelText('Sort by')).toHaveValue('name:asc');
    expect(rows()).toHaveLength(20);

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Page 2 of 2 · 25 products')).toBeInTheDocument();
    expect(rows()).toHaveLength(5);
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2');
    expect(asObject(asked.at(-1))).toMatchObject({ q: 'tap', stock: 'out', featured: 'false', sortField: 'name', sortOrder: 'asc', page: '2' });
  });

  it('sets the stock of the selected products, then loads the table again', async () => {
    let stock = 3;
    serve(() => [adminProduct({ ...tap, stock }), radiator, mixer]);
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/admin/product/bulk', async ({ request }) => {
        bodies.push(await request.json());
        stock = 12;
        return envelope({ products: [adminProduct({ ...tap, stock }), adminProduct({ ...mixer, stock })] }, 'Products updated');
      }),
    );
    renderRoutes(routes, '/admin/products');
    await screen.findByRole('link', { name: 'Chrome Basin Tap' });
    expect(screen.queryByRole('group', { name: 'Selected products' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Chrome Basin Tap' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Kitchen Mixer' }));
    const bar = screen.getByRole('group', { name: 'Selected products' });
    expect(bar).toHaveTextContent('2 products selected');

    fireEvent.click(within(bar).getByRole('button', { name: 'Set stock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set the stock of 2 products' });
    // The server's own rule, checked before sending.
    fireEvent.change(within(dialog).getByLabelText('Units in stock'), { target: { value: '2.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set stock' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Stock must be a whole number from 0 to 1000000');
    expect(bodies).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Units in stock'), { target: { value: '12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set stock' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([{ ids: [tap._id, mixer._id], action: 'setStock', value: 12 }]);
    await waitFor(() => expect(within(rows()[0]).getAllByRole('cell')[4]).toHaveTextContent('12'));
    expect(screen.queryByRole('group', { name: 'Selected products' })).not.toBeInTheDocument();
  });

  it('changes the price of every product on the page by a percentage, and shows the server’s refusal', async () => {
    serve(() => [tap, radiator]);
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/admin/product/bulk', async ({ request }) => {
        bodies.push(await request.json());
        return failure(404, 'Product not found');
      }),
    );
    renderRoutes(routes, '/admin/products');
    await screen.findByRole('link', { name: 'Chrome Basin Tap' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every product on this page' }));
    expect(screen.getByRole('checkbox', { name: 'Select Panel Radiator' })).toBeChecked();

    fireEvent.click(screen.getByRole('button', { name: 'Change price by %' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the price of 2 products' });
    fireEvent.change(within(dialog).getByLabelText('Change in percent'), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change price by %' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The price change must be between -90 and 500 percent, and not 0');

    fireEvent.change(within(dialog).getByLabelText('Change in percent'), { target: { value: '-12.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change price by %' }));
    expect(await within(dialog).findByText('Product not found')).toBeInTheDocument();
    expect(bodies).toEqual([{ ids: [tap._id, radiator._id], action: 'adjustPrice', value: -12.5 }]);
  });

  it('shows the archived products when asked, marked so and without a shop link, and keeps that in the address', async () => {
    const archivedTap = adminProduct({ ...tap, archived: true });
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('*/api/category', () => envelope({ categories: shopCategories })),
      adminProductsHandler(() => (asked.at(-1)?.get('archived') === 'true' ? [archivedTap] : [radiator, mixer]), asked),
    );
    const { router } = renderRoutes(routes, '/admin/products');
    await screen.findByRole('link', { name: 'Panel Radiator' });
    expect(asked[0].get('archived')).toBeNull();
    expect(screen.getByLabelText('Archived')).toHaveValue('');
    expect(within(screen.getByRole('table')).queryByText('Archived')).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Archived'), { target: { value: 'true' } });
    await screen.findByRole('link', { name: 'Chrome Basin Tap' });
    expect(router.state.location.search).toBe('?archived=true');
    expect(asked.at(-1)?.get('archived')).toBe('true');
    const [row] = rows();
    expect(within(row).getByRole('rowheader')).toHaveTextContent('Chrome Basin TapArchived');
    expect(within(row).queryByRole('link', { name: /in the shop/ })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    await screen.findByRole('link', { name: 'Panel Radiator' });
    expect(router.state.location.search).toBe('');
  });

  it('says so when no product is archived', async () => {
    serve(() => []);
    renderRoutes(routes, '/admin/products?archived=true');
    expect(await screen.findByText('No products are archived.')).toBeInTheDocument();
  });

  it('archives the selected products after a confirmation, sending no value', async () => {
    let archived = false;
    const asked = serve(() => (archived ? [radiator] : [tap, radiator, mixer]));
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/admin/product/bulk', async ({ request }) => {
        bodies.push(await request.json());
        archived = true;
        return envelope({ products: [adminProduct({ ...tap, archived: true }), adminProduct({ ...mixer, archived: true })] }, 'Products updated');
      }),
    );
    renderRoutes(routes, '/admin/products');
    await screen.findByRole('link', { name: 'Chrome Basin Tap' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Chrome Basin Tap' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Kitchen Mixer' }));
    const bar = screen.getByRole('group', { name: 'Selected products' });
    // Only the archived view offers to unarchive.
    expect(within(bar).queryByRole('button', { name: 'Unarchive' })).not.toBeInTheDocument();
    fireEvent.click(within(bar).getByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive 2 products?' });
    expect(dialog).toHaveTextContent('They leave the shop: its pages, searches, carts and wishlists. They stay in old orders');
    const before = asked.length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, archive 2 products' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([{ ids: [tap._id, mixer._id], action: 'archive' }]);
    // The table is read again: the archived rows have left it.
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(asked.length).toBeGreaterThan(before);
    expect(screen.queryByRole('group', { name: 'Selected products' })).not.toBeInTheDocument();
  });

  it('unarchives selected products from the archived view, and shows the server’s refusal', async () => {
    serve(() => [adminProduct({ ...tap, archived: true })]);
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/admin/product/bulk', async ({ request }) => {
        bodies.push(await request.json());
        return failure(400, 'action must be setStock, adjustPrice, archive or unarchive');
      }),
    );
    renderRoutes(routes, '/admin/products?archived=true');
    await screen.findByRole('link', { name: 'Chrome Basin Tap' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Chrome Basin Tap' }));
    const bar = screen.getByRole('group', { name: 'Selected products' });
    expect(within(bar).queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument();
    fireEvent.click(within(bar).getByRole('button', { name: 'Unarchive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unarchive 1 product?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, unarchive 1 product' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('action must be setStock, adjustPrice, archive or unarchive');
    expect(bodies).toEqual([{ ids: [tap._id], action: 'unarchive' }]);
  });

  it('exports every product as a CSV file, fetched with the token and saved under the server’s name', async () => {
    serve(() => [tap]);
    const asked: { url: string; auth: string | null }[] = [];
    const csv = 'id,name\n1,Chrome Basin Tap\n';
    server.use(
      http.get('*/api/admin/product/export', ({ request }) => {
        asked.push({ url: new URL(request.url).pathname + new URL(request.url).search, auth: request.headers.get('Authorization') });
        return new HttpResponse(csv, { headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="products-2026-03-02.csv"' } });
      }),
    );
    const saved = captureDownloads();
    renderRoutes(routes, '/admin/products');
    await screen.findByRole('link', { name: 'Chrome Basin Tap' });
    expect(screen.getByRole('link', { name: 'Import CSV' })).toHaveAttribute('href', '/admin/products/import');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(asked).toEqual([{ url: '/api/admin/product/export', auth: `Bearer ${ADMIN_TOKEN}` }]);
    expect(saved[0].name).toBe('products-2026-03-02.csv');
    expect(await saved[0].blob.text()).toBe(csv);
  });

  it('names the export products.csv when the server gives no name, and shows a refusal in its words', async () => {
    serve(() => [tap]);
    let refuse = false;
    server.use(http.get('*/api/admin/product/export', () => (refuse ? failure(403, 'Administrators only') : new HttpResponse('id\n', { headers: { 'Content-Type': 'text/csv' } }))));
    const saved = captureDownloads();
    renderRoutes(routes, '/admin/products');
    await screen.findByRole('link', { name: 'Chrome Basin Tap' });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['products.csv']));

    refuse = true;
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Administrators only');
    expect(saved).toHaveLength(1);
  });

  it('says so when nothing matches', async () => {
    serve(() => []);
    renderRoutes(routes, '/admin/products?q=nothing');
    expect(await screen.findByText('No products match this search and these filters.')).toBeInTheDocument();
  });

  it('shows a failure in the server’s words', async () => {
    serve(() => []);
    server.use(http.get('*/api/admin/product', () => failure(400, 'sortField must be createdAt, name, price or stock')));
    renderRoutes(routes, '/admin/products');
    expect(await screen.findByRole('alert')).toHaveTextContent('sortField must be createdAt, name, price or stock');
  });
});
