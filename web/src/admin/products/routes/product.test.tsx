import { File as NodeFile } from 'node:buffer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import { routes } from '@/admin/app/router';
import type { AdminProduct, Category, StockEntry } from '@/api/types';
import { adminProduct, adminProductHandler, adminProductsHandler, signInAsAdmin, stockHistoryHandler } from '@/testing/admin';
import { renderRoutes, resetStores } from '@/testing/render';
import { envelope, failure, server, unexpected } from '@/testing/server';

const FAUCETS = 'a'.repeat(24);
const BASIN = 'b'.repeat(24);
const KITCHEN = 'd'.repeat(24);
const HEATING = 'c'.repeat(24);
const RADIATORS = 'e'.repeat(24);
const shopCategories: Category[] = [
  { _id: FAUCETS, title: 'Faucets', version: 1, subCategories: [{ _id: BASIN, title: 'Basin Taps', version: 1 }, { _id: KITCHEN, title: 'Kitchen Taps', version: 1 }], maxDiscountPercentage: 50 },
  { _id: HEATING, title: 'Heating', version: 1, subCategories: [{ _id: RADIATORS, title: 'Radiators', version: 1 }], maxDiscountPercentage: 0 },
];
const ID = '9'.padStart(24, '0');

beforeEach(signInAsAdmin);
// A product's page shows its stock history: empty unless a test says otherwise.
beforeEach(() => server.use(stockHistoryHandler(() => [])));
afterEach(resetStores);

/** The file parts of a multipart body: field name, file name and type. (Node's
 * request.formData() cannot build a File part under jsdom, whose File replaces the global.) */
async function fileParts(request: Request) {
  const boundary = /boundary=(.+)$/.exec(request.headers.get('Content-Type') ?? '')?.[1];
  if (!boundary) throw new Error('not multipart');
  const text = await request.text();
  return text
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((chunk) => ({
      name: /name="([^"]*)"/.exec(chunk)?.[1],
      filename: /filename="([^"]*)"/.exec(chunk)?.[1],
      type: /Content-Type: (.+)/i.exec(chunk)?.[1].trim(),
    }));
}

/** Node's own FormData (jsdom's replaces the global), taken from a parsed Response. */
async function nodeFormData(): Promise<typeof FormData> {
  const parsed = await new Response('a=1', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }).formData();
  return parsed.constructor as typeof FormData;
}

const categoriesHandler = () => http.get('*/api/category', () => envelope({ categories: shopCategories }));
const field = (label: string) => screen.getByLabelText(label);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
/** The error shown under the field `label`. */
const errorOf = (label: string) => {
  const described = field(label).getAttribute('aria-describedby') ?? '';
  return described
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((node) => node?.id.endsWith('-error'))?.textContent;
};

function fillEveryField() {
  type('Name', 'Brass Bridge Mixer');
  type('Description', 'A two-handle bridge mixer in brushed brass.');
  type('Price (list price)', '149.99');
  type('Units in stock', '12');
  type('Discount (%)', '10');
  type('Discount ends (optional)', '2030-12-31');
  type('Category', FAUCETS);
  type('Sub-category', KITCHEN);
  type('Size (optional)', '22 cm');
  type('Colour (optional)', 'Brushed brass');
  type('Tax class', 'reduced');
  fireEvent.click(screen.getByRole('checkbox', { name: /^Featured/ }));
}

describe('Console product form', () => {
  it('checks every field as the server does before sending anything', async () => {
    const sent: unknown[] = [];
    server.use(categoriesHandler(), http.post('*/api/admin/product', async ({ request }) => (sent.push(await request.json()), failure(500, 'should not be called'))));
    renderRoutes(routes, '/admin/products/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'Add product' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Sub-category')).toBeDisabled();
    type('Price (list price)', '12.345');
    type('Units in stock', '1.5');
    type('Discount (%)', '96');
    type('Size (optional)', 'x'.repeat(51));
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));

    await waitFor(() => expect(errorOf('Name')).toBe('Name is required'));
    expect(errorOf('Description')).toBe('Description is required');
    expect(errorOf('Price (list price)')).toBe('Price must be from 0.01 to 1000000, with at most two decimals');
    expect(errorOf('Units in stock')).toBe('Stock must be a whole number from 0 to 1000000');
    expect(errorOf('Discount (%)')).toBe('Discount must be from 0 to 95 percent, with at most two decimals');
    expect(errorOf('Category')).toBe('Choose a category');
    expect(errorOf('Sub-category')).toBe('Choose a sub-category');
    expect(errorOf('Size (optional)')).toBe('At most 50 characters');
    expect(field('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  it('offers the chosen category’s sub-categories, and empties the choice when the category changes', async () => {
    server.use(categoriesHandler());
    renderRoutes(routes, '/admin/products/new');
    await screen.findByLabelText('Name');
    type('Category', FAUCETS);
    expect(within(field('Sub-category')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a sub-category', 'Basin Taps', 'Kitchen Taps']);
    type('Sub-category', KITCHEN);
    type('Category', HEATING);
    expect(field('Sub-category')).toHaveValue('');
    expect(within(field('Sub-category')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a sub-category', 'Radiators']);
  });

  it('creates the product with every field, then opens its edit page for photos', async () => {
    const sent: unknown[] = [];
    let created: AdminProduct | null = null;
    server.use(
      categoriesHandler(),
      http.post('*/api/admin/product', async ({ request }) => {
        sent.push(await request.json());
        created = adminProduct({ _id: ID, name: 'Brass Bridge Mixer', images: [], price: 149.99, stock: 12, featured: true });
        return HttpResponse.json({ success: true, message: 'Product created', data: { product: created } }, { status: 201 });
      }),
      adminProductHandler(() => created!),
    );
    const { router } = renderRoutes(routes, '/admin/products/new');
    await screen.findByLabelText('Name');
    fillEveryField();
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Brass Bridge Mixer' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/admin/products/${ID}`);
    expect(sent).toEqual([
      {
        name: 'Brass Bridge Mixer',
        description: 'A two-handle bridge mixer in brushed brass.',
        price: 149.99,
        discountPercentage: 10,
        discountEndDate: '2030-12-31',
        stock: 12,
        categoryId: FAUCETS,
        subCategoryId: KITCHEN,
        size: '22 cm',
        color: 'Brushed brass',
        featured: true,
        taxClass: 'reduced',
        // Without options: no variants, the product's own price and stock, sold each.
        options: [],
        unit: 'each',
        packSize: null,
        minQuantity: 1,
        quantityStep: 1,
        // No products linked: always sent, so the list the form shows is the one kept.
        relatedProductIds: [],
      },
    ]);
    expect(screen.getByText('No photos yet: the shop shows a placeholder until you add one.')).toBeInTheDocument();
    expect(screen.getByLabelText('Add photos')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /View in the shop/ })).toHaveAttribute('href', `/product/${ID}`);
  });

  it('shows the server’s field errors on the fields when it refuses', async () => {
    server.use(
      categoriesHandler(),
      http.post('*/api/admin/product', () =>
        HttpResponse.json(
          { success: false, message: 'Please correct the highlighted fields', errors: { categoryId: 'Category not found', subCategoryId: 'Choose a sub-category of the category' } },
          { status: 400 },
        ),
      ),
    );
    const { router } = renderRoutes(routes, '/admin/products/new');
    await screen.findByLabelText('Name');
    fillEveryField();
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() => expect(errorOf('Category')).toBe('Category not found'));
    expect(errorOf('Sub-category')).toBe('Choose a sub-category of the category');
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the highlighted fields');
    expect(router.state.location.pathname).toBe('/admin/products/new');
  });

  it('edits a product: the form holds every field as set but stock, and saving sends them all with its version', async () => {
    let current = adminProduct({
      _id: ID,
      name: 'Chrome Basin Tap',
      price: 40,
      discountPercentage: 0,
      discountedPrice: 40,
      setDiscountPercentage: 15,
      setDiscountEndDate: '2026-01-31',
      stock: 7,
      featured: true,
      size: null,
      color: 'Chrome',
      taxClass: 'zero',
    });
    const sent: unknown[] = [];
    server.use(
      categoriesHandler(),
      adminProductHandler(() => current),
      http.put('*/api/admin/product/:id', async ({ request, params }) => {
        const body = (await request.json()) as { name: string; stock: number };
        sent.push({ id: params.id, ...body });
        current = { ...current, name: body.name, stock: body.stock };
        return envelope({ product: current }, 'Product updated');
      }),
    );
    renderRoutes(routes, `/admin/products/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Chrome Basin Tap' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Name')).toHaveValue('Chrome Basin Tap');
    expect(field('Price (list price)')).toHaveValue('40');
    expect(field('Discount (%)')).toHaveValue('15');
    expect(field('Discount ends (optional)')).toHaveValue('2026-01-31');
    // Stock is not the form's to save: it moves by a change with a reason.
    expect(screen.queryByLabelText('Units in stock')).not.toBeInTheDocument();
    expect(field('Category')).toHaveValue(FAUCETS);
    expect(field('Sub-category')).toHaveValue(BASIN);
    expect(field('Size (optional)')).toHaveValue('');
    expect(field('Colour (optional)')).toHaveValue('Chrome');
    expect(screen.getByRole('checkbox', { name: /^Featured/ })).toBeChecked();
    expect(field('Tax class')).toHaveValue('zero');
    expect(within(field('Tax class')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Standard rate', 'Reduced rate', 'Zero rate']);

    type('Name', 'Chrome Basin Tap, long spout');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Chrome Basin Tap, long spout' })).toBeInTheDocument();
    expect(sent).toEqual([
      {
        id: ID,
        name: 'Chrome Basin Tap, long spout',
        description: 'A basin tap.',
        price: 40,
        discountPercentage: 15,
        discountEndDate: '2026-01-31',
        stock: 7,
        categoryId: FAUCETS,
        subCategoryId: BASIN,
        size: null,
        color: 'Chrome',
        featured: true,
        taxClass: 'zero',
        options: [],
        unit: 'each',
        packSize: null,
        minQuantity: 1,
        quantityStep: 1,
        relatedProductIds: [],
        version: 1,
      },
    ]);
  });

  it('a save refused because someone saved first keeps nothing, and loads the latest on request', async () => {
    const loaded = adminProduct({ _id: ID, name: 'Chrome Basin Tap', price: 40, version: 3 });
    const latest = { ...loaded, price: 45, version: 4 };
    server.use(
      categoriesHandler(),
      adminProductHandler(() => loaded),
      http.put('*/api/admin/product/:id', () =>
        HttpResponse.json({ success: false, message: 'This changed since you opened it: reload to see the latest', data: { product: latest } }, { status: 409 }),
      ),
    );
    renderRoutes(routes, `/admin/products/${ID}`);
    expect(await screen.findByLabelText('Name')).toHaveValue('Chrome Basin Tap');
    type('Name', 'Chrome Basin Tap, mine');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This changed since you opened it: reload to see the latest');
    expect(screen.getByRole('status')).toHaveTextContent('Someone saved this product after you opened it');
    expect(field('Name')).toHaveValue('Chrome Basin Tap, mine');
    fireEvent.click(screen.getByRole('button', { name: 'Load the latest' }));
    await waitFor(() => expect(field('Price (list price)')).toHaveValue('45'));
    expect(field('Name')).toHaveValue('Chrome Basin Tap');
    expect(screen.queryByRole('button', { name: 'Load the latest' })).not.toBeInTheDocument();
  });

  it('changes stock by a change with a reason, and shows every movement newest first', async () => {
    let current = adminProduct({ _id: ID, name: 'Chrome Basin Tap', stock: 7 });
    const entries: StockEntry[] = [
      { at: '2026-03-02T09:00:00Z', change: -2, stockAfter: 7, reason: 'Order', actor: null, orderNumber: '100004' },
      { at: '2026-03-01T08:30:00Z', change: 9, stockAfter: 9, reason: 'Delivery', actor: { _id: 'a'.repeat(24), emailAddress: 'owner@example.com', role: 'owner' }, orderNumber: null },
    ];
    const sent: unknown[] = [];
    server.use(
      categoriesHandler(),
      adminProductHandler(() => current),
      stockHistoryHandler(() => entries),
      http.post('*/api/admin/product/:id/stock', async ({ request }) => {
        const body = (await request.json()) as { change: number; reason: string };
        sent.push(body);
        current = { ...current, stock: current.stock + body.change };
        entries.unshift({ at: '2026-03-03T10:00:00Z', change: body.change, stockAfter: current.stock, reason: body.reason, actor: entries[1].actor, orderNumber: null });
        return envelope({ product: current }, 'Stock changed');
      }),
    );
    renderRoutes(routes, `/admin/products/${ID}`);
    const stock = await screen.findByRole('region', { name: 'Stock' });
    const rows = async () => (await within(stock).findAllByRole('row')).slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(await rows()).toEqual([
      ['Mar 02, 2026, 09:00 UTC', '-2', '7', 'Order', 'Order 100004'],
      ['Mar 01, 2026, 08:30 UTC', '+9', '9', 'Delivery', 'owner@example.com'],
    ]);

    // Checked as the server checks it before anything is sent.
    fireEvent.change(within(stock).getByLabelText('Change (units)'), { target: { value: '0' } });
    fireEvent.click(within(stock).getByRole('button', { name: 'Change stock' }));
    expect(await within(stock).findByText('The change must be a whole number of units, not 0 (at most 1000000 either way)')).toBeInTheDocument();
    expect(within(stock).getByText('Say why the stock changes')).toBeInTheDocument();
    expect(sent).toEqual([]);

    fireEvent.change(within(stock).getByLabelText('Change (units)'), { target: { value: '-3' } });
    fireEvent.change(within(stock).getByLabelText('Reason'), { target: { value: 'Damaged in the van' } });
    fireEvent.click(within(stock).getByRole('button', { name: 'Change stock' }));
    await waitFor(() => expect(within(stock).getByText(/In stock:/)).toHaveTextContent('In stock: 4'));
    expect(sent).toEqual([{ change: -3, reason: 'Damaged in the van' }]);
    await waitFor(async () => expect((await rows())[0]).toEqual(['Mar 03, 2026, 10:00 UTC', '-3', '4', 'Damaged in the van', 'owner@example.com']));
    expect(within(stock).getByLabelText('Change (units)')).toHaveValue('');
  });

  it('says why a stock change was refused', async () => {
    server.use(
      categoriesHandler(),
      adminProductHandler(() => adminProduct({ _id: ID, stock: 2 })),
      http.post('*/api/admin/product/:id/stock', () => failure(409, 'Only 2 in stock')),
    );
    renderRoutes(routes, `/admin/products/${ID}`);
    const stock = await screen.findByRole('region', { name: 'Stock' });
    fireEvent.change(within(stock).getByLabelText('Change (units)'), { target: { value: '-5' } });
    fireEvent.change(within(stock).getByLabelText('Reason'), { target: { value: 'Lost' } });
    fireEvent.click(within(stock).getByRole('button', { name: 'Change stock' }));
    expect(await within(stock).findByRole('alert')).toHaveTextContent('Only 2 in stock');
  });

  it('says so when the product does not exist', async () => {
    server.use(categoriesHandler(), http.get('*/api/admin/product/:id', () => failure(404, 'Product not found')));
    renderRoutes(routes, `/admin/products/${ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Product not found');
  });
});

describe('Console product photos', () => {
  const photos = ['products/p/one.webp', 'products/p/two.webp', 'products/p/three.webp'];

  function servePhotos(images: string[]) {
    let current = adminProduct({ _id: ID, name: 'Chrome Basin Tap', images });
    const put: unknown[] = [];
    server.use(
      categoriesHandler(),
      adminProductHandler(() => current),
      http.put('*/api/admin/product/:id/photos', async ({ request }) => {
        const body = (await request.json()) as { images: string[] };
        put.push(body);
        current = { ...current, images: body.images };
        return envelope({ product: current }, 'Photos updated');
      }),
    );
    return put;
  }
  const shown = () =>
    within(screen.getByRole('list', { name: 'Photos' }))
      .getAllByRole('img')
      .map((img) => img.getAttribute('src'));

  it('says the first photo is the one on cards, and moves photos earlier and later', async () => {
    const put = servePhotos(photos);
    renderRoutes(routes, `/admin/products/${ID}`);
    await screen.findByRole('list', { name: 'Photos' });
    expect(screen.getByText(/The first photo is the one the shop shows on product cards/)).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Photos' })).getAllByRole('listitem');
    expect(within(items[0]).getByText('Shown on cards')).toBeInTheDocument();
    expect(within(items[1]).queryByText('Shown on cards')).not.toBeInTheDocument();
    expect(within(items[0]).getByRole('img')).toHaveAttribute('width', '240');
    expect(screen.getByRole('button', { name: 'Move photo 1 earlier' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move photo 3 later' })).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Move photo 2 earlier' }));
    await waitFor(() => expect(shown()).toEqual(['/media/products/p/two.webp', '/media/products/p/one.webp', '/media/products/p/three.webp']));
    fireEvent.click(screen.getByRole('button', { name: 'Move photo 2 later' }));
    await waitFor(() => expect(shown()).toEqual(['/media/products/p/two.webp', '/media/products/p/three.webp', '/media/products/p/one.webp']));
    expect(put).toEqual([{ images: ['products/p/two.webp', 'products/p/one.webp', 'products/p/three.webp'] }, { images: ['products/p/two.webp', 'products/p/three.webp', 'products/p/one.webp'] }]);
  });

  it('removes a photo only after a confirmation, sending the photos to keep', async () => {
    const put = servePhotos(photos);
    renderRoutes(routes, `/admin/products/${ID}`);
    await screen.findByRole('list', { name: 'Photos' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove photo 2?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep photo' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(put).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove photo 2?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, remove it' }));
    await waitFor(() => expect(shown()).toEqual(['/media/products/p/one.webp', '/media/products/p/three.webp']));
    expect(put).toEqual([{ images: ['products/p/one.webp', 'products/p/three.webp'] }]);
  });

  it('uploads several photos at once, each under images', async () => {
    servePhotos([photos[0]]);
    const uploads: Awaited<ReturnType<typeof fileParts>>[] = [];
    server.use(
      http.post('*/api/admin/product/:id/photos', async ({ request }) => {
        uploads.push(await fileParts(request));
        return envelope({ product: adminProduct({ _id: ID, name: 'Chrome Basin Tap', images: [photos[0], 'products/p/a.webp', 'products/p/b.webp'] }) }, 'Photos added');
      }),
    );
    renderRoutes(routes, `/admin/products/${ID}`);
    await screen.findByRole('list', { name: 'Photos' });
    expect(screen.getByRole('heading', { name: 'Photos (1 of 8)' })).toBeInTheDocument();
    // Node's File and FormData, as the browser pairs them: jsdom's File cannot be streamed
    // by fetch (undici), and jsdom's FormData turns a Node File into '[object File]'.
    vi.stubGlobal('FormData', await nodeFormData());
    const files = [new NodeFile(['PNG!'], 'a.png', { type: 'image/png' }), new NodeFile(['JPEG'], 'b.jpg', { type: 'image/jpeg' })];
    fireEvent.change(screen.getByLabelText('Add photos'), { target: { files } });
    await waitFor(() => expect(shown()).toHaveLength(3));
    expect(uploads).toEqual([
      [
        { name: 'images', filename: 'a.png', type: 'image/png' },
        { name: 'images', filename: 'b.jpg', type: 'image/jpeg' },
      ],
    ]);
    expect(screen.getByRole('heading', { name: 'Photos (3 of 8)' })).toBeInTheDocument();
  });

  it.each([
    [413, 'Each image must be at most 10 MB', 'No photos were added: Each image must be at most 10 MB.'],
    [415, 'Please select a valid image file (JPEG, PNG, GIF, or WebP)', 'No photos were added: Please select a valid image file (JPEG, PNG, GIF, or WebP).'],
    [400, 'A product can have at most 8 photos', 'No photos were added: A product can have at most 8 photos.'],
  ])('says clearly that nothing was added when the server answers %i', async (status, message, shownMessage) => {
    servePhotos([photos[0]]);
    server.use(http.post('*/api/admin/product/:id/photos', () => failure(status, message)));
    renderRoutes(routes, `/admin/products/${ID}`);
    await screen.findByRole('list', { name: 'Photos' });
    fireEvent.change(screen.getByLabelText('Add photos'), { target: { files: [new File(['a'], 'a.png', { type: 'image/png' })] } });
    expect(await screen.findByRole('alert')).toHaveTextContent(shownMessage);
    expect(shown()).toHaveLength(1);
  });

  it('refuses more photos than the product has room for without sending them', async () => {
    servePhotos(Array.from({ length: 7 }, (_, i) => `products/p/${i}.webp`));
    const uploads: unknown[] = [];
    server.use(http.post('*/api/admin/product/:id/photos', () => (uploads.push(1), failure(500, 'should not be called'))));
    renderRoutes(routes, `/admin/products/${ID}`);
    await screen.findByRole('list', { name: 'Photos' });
    const files = [new File(['a'], 'a.png', { type: 'image/png' }), new File(['b'], 'b.png', { type: 'image/png' })];
    fireEvent.change(screen.getByLabelText('Add photos'), { target: { files } });
    expect(await screen.findByRole('alert')).toHaveTextContent('No photos were added: this product has room for 1 more (at most 8 in all).');
    expect(uploads).toEqual([]);
  });
});

describe('Console product archiving', () => {
  function serveArchiving(archived: boolean) {
    let current = adminProduct({ _id: ID, name: 'Chrome Basin Tap', archived });
    const calls: string[] = [];
    server.use(
      categoriesHandler(),
      adminProductHandler(() => current),
      http.post('*/api/admin/product/:id/:change', ({ params }) => {
        calls.push(`${String(params.id)} ${String(params.change)}`);
        current = { ...current, archived: params.change === 'archive' };
        return envelope({ product: current }, params.change === 'archive' ? 'Product archived' : 'Product unarchived');
      }),
    );
    return calls;
  }

  it('archives a product only after a confirmation that says it stays in old orders, then marks it archived', async () => {
    const calls = serveArchiving(false);
    renderRoutes(routes, `/admin/products/${ID}`);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Edit Chrome Basin Tap' });
    expect(heading.parentElement).not.toHaveTextContent('Archived');
    fireEvent.click(screen.getByRole('button', { name: 'Archive' }));
    let dialog = await screen.findByRole('dialog', { name: 'Archive Chrome Basin Tap?' });
    expect(dialog).toHaveTextContent('It leaves the shop: its page, searches, carts and wishlists. It stays in old orders');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it in the shop' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Archive' }));
    dialog = await screen.findByRole('dialog', { name: 'Archive Chrome Basin Tap?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, archive it' }));
    expect(await screen.findByRole('button', { name: 'Unarchive' })).toBeInTheDocument();
    expect(calls).toEqual([`${ID} archive`]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 }).parentElement).toHaveTextContent('Archived');
    // Its shop page is gone: no link to it.
    expect(screen.queryByRole('link', { name: /View in the shop/ })).not.toBeInTheDocument();
  });

  it('unarchives an archived product at once', async () => {
    const calls = serveArchiving(true);
    renderRoutes(routes, `/admin/products/${ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Edit Chrome Basin Tap' });
    expect(screen.getByRole('heading', { level: 1 }).parentElement).toHaveTextContent('Archived');
    expect(screen.queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Unarchive' }));
    expect(await screen.findByRole('button', { name: 'Archive' })).toBeInTheDocument();
    expect(calls).toEqual([`${ID} unarchive`]);
    expect(screen.getByRole('heading', { level: 1 }).parentElement).not.toHaveTextContent('Archived');
    expect(screen.getByRole('link', { name: /View in the shop/ })).toHaveAttribute('href', `/product/${ID}`);
  });

  it('shows the server’s refusal', async () => {
    serveArchiving(false);
    server.use(http.post('*/api/admin/product/:id/archive', () => failure(404, 'Product not found')));
    renderRoutes(routes, `/admin/products/${ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Archive' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, archive it' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Product not found');
  });
});

describe('Console product deleting', () => {
  const ORDERED = 'This product has been ordered (2 order lines): archive it instead, so it leaves the shop and stays in those orders';
  const OTHER = adminProduct({ _id: '8'.padStart(24, '0'), name: 'Panel Radiator' });

  /** The product page over a shop of two products; the DELETE answers with `refusal`
   * (status and message) or deletes the product. Returns the ids the DELETE was sent. */
  function serveDeleting(refusal?: [number, string]) {
    const tap = adminProduct({ _id: ID, name: 'Chrome Basin Tap' });
    let products = [tap, OTHER];
    const deleted: string[] = [];
    server.use(
      categoriesHandler(),
      adminProductHandler(() => tap),
      adminProductsHandler(() => products),
      http.delete('*/api/admin/product/:id', ({ params }) => {
        deleted.push(String(params.id));
        if (refusal) return failure(...refusal);
        products = products.filter((p) => p._id !== params.id);
        return envelope({ product: tap }, 'Product deleted');
      }),
    );
    return deleted;
  }

  /** Opens the product's page and its Delete confirmation. */
  async function openConfirmation() {
    const rendered = renderRoutes(routes, `/admin/products/${ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete product' }));
    return { ...rendered, dialog: await screen.findByRole('dialog', { name: 'Delete Chrome Basin Tap?' }) };
  }

  it('deletes the product after a confirmation saying what goes with it, then opens the products table without it', async () => {
    const success = vi.spyOn(toast, 'success');
    const deleted = serveDeleting();
    const { router, dialog } = await openConfirmation();
    expect(dialog).toHaveTextContent(
      'This is for a product made by mistake: it removes the product, its photos and its reviews for good. A product that has been ordered cannot be deleted; archive it instead.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete it for good' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/products');
    // Replaced: Back does not return to a product that is gone.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(deleted).toEqual([ID]);
    expect(success).toHaveBeenCalledWith('Product deleted');
    expect(await screen.findByRole('link', { name: 'Panel Radiator' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Chrome Basin Tap' })).not.toBeInTheDocument();
  });

  it('shows the server’s words when the product has been ordered, stays on its page and leaves Archive to hand', async () => {
    const success = vi.spyOn(toast, 'success');
    const deleted = serveDeleting([409, ORDERED]);
    const { router, dialog } = await openConfirmation();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete it for good' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(ORDERED);
    expect(deleted).toEqual([ID]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/admin/products/${ID}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Chrome Basin Tap' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Archive' })).toBeEnabled();
    expect(success).not.toHaveBeenCalled();

    // Asking again starts afresh: the old refusal goes while the question is open.
    fireEvent.click(screen.getByRole('button', { name: 'Delete product' }));
    await screen.findByRole('dialog', { name: 'Delete Chrome Basin Tap?' });
    expect(screen.queryByText(ORDERED)).not.toBeInTheDocument();
  });

  it('says so when the product is already gone', async () => {
    serveDeleting([404, 'Product not found']);
    const { router, dialog } = await openConfirmation();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete it for good' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Product not found');
    expect(router.state.location.pathname).toBe(`/admin/products/${ID}`);
  });

  it('sends nothing when the administrator keeps the product', async () => {
    serveDeleting();
    const { calls, handler } = unexpected('delete', '*/api/admin/product/:id');
    server.use(handler);
    const { router, dialog } = await openConfirmation();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.click(screen.getByRole('button', { name: 'Delete product' }));
    fireEvent.keyDown(await screen.findByRole('dialog', { name: 'Delete Chrome Basin Tap?' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe(`/admin/products/${ID}`);
  });
});
