import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { routes } from '@/admin/app/router';
import type { AdminProduct, Category } from '@/api/types';
import { adminProduct, adminProductHandler, signInAsAdmin, stockHistoryHandler } from '@/testing/admin';
import { renderRoutes, resetStores } from '@/testing/render';
import { envelope, failure, server } from '@/testing/server';
import type { VariantProduct, VariantStockEntry } from '../variant-types';

const FITTINGS = 'a'.repeat(24);
const ELBOWS = 'b'.repeat(24);
const shopCategories: Category[] = [{ _id: FITTINGS, title: 'Fittings', version: 1, subCategories: [{ _id: ELBOWS, title: 'Elbows', version: 1 }], maxDiscountPercentage: 50 }];
const ID = '9'.padStart(24, '0');

beforeEach(signInAsAdmin);
beforeEach(() => server.use(stockHistoryHandler(() => []), http.get('*/api/category', () => envelope({ categories: shopCategories }))));
afterEach(resetStores);

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
/** The error a control shows, through its aria-describedby. */
const errorOf = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .filter(Boolean)
    .join(' ');

/** A variant as the console's product answer carries it (the shop's fields beside §9's). */
type AnsweredVariant = NonNullable<VariantProduct['variants']>[number];

const variant = (overrides: Partial<AnsweredVariant>): AnsweredVariant => ({
  _id: 'v1',
  sku: 'ELB-15',
  options: { Size: '15 mm' },
  price: 4.2,
  discountPercentage: 0,
  discountedPrice: 4.2,
  stock: 6,
  weightGrams: 80,
  image: null,
  position: 0,
  priceBreaks: [],
  ...overrides,
});
const withVariants = (): VariantProduct => ({
  ...adminProduct({ _id: ID, name: 'Compression Elbow', price: 4.2, stock: 8, images: ['products/elbow.webp'], category: { _id: FITTINGS, title: 'Fittings' }, subCategory: { _id: ELBOWS, title: 'Elbows' } }),
  options: [{ name: 'Size', values: ['15 mm', '22 mm'] }],
  variants: [variant({}), variant({ _id: 'v2', sku: 'ELB-22', options: { Size: '22 mm' }, price: 5.1, discountedPrice: 5.1, stock: 2, position: 1 })],
  unit: 'each',
  packSize: null,
  minQuantity: 1,
  quantityStep: 1,
});

describe('Console product form with variants', () => {
  it('generates every combination with suggested SKUs, and creates the product with its variants and sale unit', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/admin/product', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ success: true, message: 'Product created', data: { product: withVariants() } }, { status: 201 });
      }),
      adminProductHandler(() => withVariants() as AdminProduct),
    );
    renderRoutes(routes, '/admin/products/new');
    await screen.findByLabelText('Name');
    type('Name', 'Compression Elbow');
    type('Description', 'A brass elbow.');
    type('Category', FITTINGS);
    type('Sub-category', ELBOWS);
    type('Price (list price)', '4.20');
    fireEvent.click(screen.getByRole('button', { name: 'Add option' }));
    type('Option 1 name', 'Size');
    type('Option 1 values', '15 mm, 22 mm');
    expect(within(screen.getByRole('list', { name: 'Option 1 values as read' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['15 mm', '22 mm']);
    // With options the variants carry price and stock.
    expect(screen.queryByLabelText('Price (list price)')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Units in stock')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Generate all combinations' }));
    expect(screen.getByLabelText('SKU, variant 1')).toHaveValue('COMPRESSION-ELBOW-15MM');
    expect(screen.getByLabelText('SKU, variant 2')).toHaveValue('COMPRESSION-ELBOW-22MM');
    expect(screen.getByLabelText('Price, variant 2')).toHaveValue('4.20');
    type('Price, variant 2', '5.10');
    type('Starting stock, variant 2', '3');
    type('Weight in grams, variant 1', '80');
    fireEvent.click(screen.getByRole('button', { name: 'Move variant 2 up' }));
    type('Sale unit', 'pack');
    type('Pieces in a pack', '10');
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Compression Elbow' })).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      name: 'Compression Elbow',
      options: [{ name: 'Size', values: ['15 mm', '22 mm'] }],
      variants: [
        { sku: 'COMPRESSION-ELBOW-22MM', options: { Size: '22 mm' }, price: 5.1, stock: 3, weightGrams: null, image: null, position: 0 },
        { sku: 'COMPRESSION-ELBOW-15MM', options: { Size: '15 mm' }, price: 4.2, stock: 0, weightGrams: 80, image: null, position: 1 },
      ],
      unit: 'pack',
      packSize: 10,
      minQuantity: 1,
      quantityStep: 1,
    });
    // The longest walk through the console's largest form, and the file's first render of
    // its lazy route: over 5 s on a busy two-core machine.
  }, 20_000);

  it('refuses a minimum that is not a multiple of the step without sending anything', async () => {
    const sent: unknown[] = [];
    server.use(http.post('*/api/admin/product', async ({ request }) => (sent.push(await request.json()), failure(500, 'should not be called'))));
    renderRoutes(routes, '/admin/products/new');
    await screen.findByLabelText('Name');
    type('Minimum quantity', '3');
    type('Quantity step', '2');
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() => expect(errorOf(screen.getByLabelText('Minimum quantity'))).toContain('The minimum must be a multiple of the step (2)'));
    expect(sent).toEqual([]);
  });

  it('edits the variants: existing stock is not the form’s, a taken-out variant is named as archived if ordered, and a duplicate SKU shows on its row', async () => {
    const sent: { variants: { _id?: string; sku: string }[]; version: number }[] = [];
    server.use(
      adminProductHandler(() => withVariants() as AdminProduct),
      http.put('*/api/admin/product/:id', async ({ request }) => {
        sent.push((await request.json()) as (typeof sent)[number]);
        return HttpResponse.json({ success: false, message: 'This SKU is already used', errors: { 'variants.1.sku': 'ELB-28 is already used by Push-fit Elbow' } }, { status: 409 });
      }),
    );
    renderRoutes(routes, `/admin/products/${ID}`);
    expect(await screen.findByLabelText('SKU, variant 1')).toHaveValue('ELB-15');
    expect(screen.getByLabelText('Image, variant 1')).toHaveValue('');
    // An existing variant's stock is shown, not typed.
    expect(screen.queryByLabelText('Starting stock, variant 1')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Remove variant 2' }));
    expect(screen.getByRole('status')).toHaveTextContent('archived (gone from the shop, its SKU kept) if an order names it');
    type('Option 1 values', '15 mm, 28 mm');
    fireEvent.click(screen.getByRole('button', { name: 'Generate all combinations' }));
    type('SKU, variant 2', 'ELB-28');
    type('Image, variant 2', 'products/elbow.webp');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(errorOf(screen.getByLabelText('SKU, variant 2'))).toBe('ELB-28 is already used by Push-fit Elbow'));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.version).toBe(1);
    expect(sent[0]!.variants).toEqual([
      { _id: 'v1', sku: 'ELB-15', options: { Size: '15 mm' }, price: 4.2, stock: 6, weightGrams: 80, image: null, position: 0 },
      { sku: 'ELB-28', options: { Size: '28 mm' }, price: 4.2, stock: 0, weightGrams: 80, image: 'products/elbow.webp', position: 1 },
    ]);
    // A long walk through the grid: seconds on a busy machine, as above.
  }, 20_000);

  it('changes one variant’s stock by its own call, and names the variant in the history', async () => {
    let current = withVariants();
    const asked: { id: string; body: unknown }[] = [];
    const entries: VariantStockEntry[] = [];
    server.use(
      adminProductHandler(() => current as AdminProduct),
      stockHistoryHandler(() => entries),
      http.post('*/api/admin/product/:id/stock', () => failure(400, 'should not be called')),
      http.post('*/api/admin/variant/:id/stock', async ({ request, params }) => {
        const body = (await request.json()) as { change: number; reason: string };
        asked.push({ id: String(params.id), body });
        current = { ...current, variants: current.variants!.map((one) => (one._id === params.id ? { ...one, stock: one.stock + body.change } : one)) };
        entries.unshift({ at: '2026-03-03T10:00:00Z', change: body.change, stockAfter: 12, reason: body.reason, actor: null, orderNumber: null, sku: 'ELB-22' });
        return envelope({ product: current }, 'Stock changed');
      }),
    );
    renderRoutes(routes, `/admin/products/${ID}`);
    const stock = await screen.findByRole('region', { name: 'Stock' });
    const perVariant = within(stock).getByRole('table', { name: 'Stock of each variant' });
    expect(within(perVariant).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['ELB-15Size: 15 mm6Low', 'ELB-22Size: 22 mm2Low']);

    fireEvent.change(within(stock).getByLabelText('Change (units)'), { target: { value: '10' } });
    fireEvent.change(within(stock).getByLabelText('Reason'), { target: { value: 'Delivery' } });
    fireEvent.click(within(stock).getByRole('button', { name: 'Change stock' }));
    expect(await within(stock).findByText('Choose the variant')).toBeInTheDocument();
    expect(asked).toEqual([]);

    fireEvent.change(within(stock).getByLabelText('Variant'), { target: { value: 'v2' } });
    fireEvent.click(within(stock).getByRole('button', { name: 'Change stock' }));
    await waitFor(() => expect(asked).toEqual([{ id: 'v2', body: { change: 10, reason: 'Delivery' } }]));
    const history = await within(stock).findByRole('table', { name: 'Stock history, newest first' });
    expect(within(history).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['When', 'SKU', 'Change', 'After', 'Why', 'By']);
    expect(within(history).getAllByRole('row')[1]).toHaveTextContent('ELB-22+1012Delivery');
  });
});
