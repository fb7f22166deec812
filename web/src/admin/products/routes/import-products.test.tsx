import { File as NodeFile } from 'node:buffer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { routes } from '@/admin/app/router';
import { ADMIN_TOKEN, signInAsAdmin } from '@/testing/admin';
import { renderRoutes, resetStores } from '@/testing/render';
import { envelope, failure, server } from '@/testing/server';
import type { ImportReport, ImportRow } from '../api/import-products';

beforeEach(signInAsAdmin);
afterEach(resetStores);

const TAP_ID = '1'.padStart(24, '0');
const CSV = `id,name,description,price,discountPercentage,discountEndDate,stock,category,subCategory,size,color,featured,archived
${TAP_ID},Chrome Basin Tap,A basin tap.,45.00,0,,3,Faucets,Basin Taps,,,false,false
,Brass Mixer,A mixer.,99.50,0,,10,Faucets,Kitchen Taps,,,false,false
,Bad Radiator,A radiator.,-1,0,,1,Heating,Nowhere,,,false,false
`;

const row = (overrides: Partial<ImportRow> & Pick<ImportRow, 'row' | 'action'>): ImportRow => ({ id: null, name: `Row ${overrides.row}`, sku: '', changes: [], flags: [], errors: [], ...overrides });

const report = (overrides: Partial<ImportReport> = {}): ImportReport => ({
  applied: false,
  created: 1,
  updated: 1,
  unchanged: 0,
  refused: 0,
  rows: [
    row({ row: 2, action: 'update', id: TAP_ID, name: 'Chrome Basin Tap', changes: [{ field: 'stock', from: '2', to: '3' }] }),
    row({ row: 3, action: 'create', name: 'Brass Mixer' }),
  ],
  ...overrides,
});

interface Asked {
  apply: string | null;
  type: string | null;
  auth: string | null;
  body: string;
}

/** POST /admin/product/import answering a dry run with `checked` and applying with
 * `applied` (a report, or a response for a refusal); each request in `asked`. */
function serveImport(checked: ImportReport | Response, applied: ImportReport | Response = report({ applied: true }), asked: Asked[] = []) {
  server.use(
    http.post('*/api/admin/product/import', async ({ request }) => {
      const apply = new URL(request.url).searchParams.get('apply');
      asked.push({ apply, type: request.headers.get('Content-Type'), auth: request.headers.get('Authorization'), body: await request.text() });
      const answer = apply === 'true' ? applied : checked;
      return answer instanceof Response ? answer : envelope(answer, apply === 'true' ? 'Products imported' : 'Import checked');
    }),
  );
  return asked;
}

// Node's File, as the browser gives it: jsdom's File cannot be read into bytes.
const choose = async (text = CSV, name = 'products.csv') => fireEvent.change(await screen.findByLabelText('CSV file'), { target: { files: [new NodeFile([text], name, { type: 'text/csv' })] } });
const counts = () => Object.fromEntries(within(screen.getByRole('region', { name: /Checked|imported/ }).querySelector('dl')!).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
const tableRows = () => (within(screen.getByRole('table')).getAllByRole('row').slice(1) as HTMLTableRowElement[]).map((tr) => [tr.cells[0].textContent, tr.cells[1].textContent, tr.cells[2].textContent, tr.cells[3].textContent]);

describe('Console product import', () => {
  it('explains the file, then checks the chosen file at once and shows what each row would do', async () => {
    const asked = serveImport(report());
    renderRoutes(routes, '/admin/products/import');
    expect(await screen.findByRole('heading', { level: 1, name: 'Import products' })).toBeInTheDocument();
    const rules = screen.getByRole('region', { name: 'The file' });
    expect(rules).toHaveTextContent('id, name, description, price, discountPercentage, discountEndDate, stock, category, subCategory, size, color, featured, archived, handle, variantId, sku, option1Name, option1Value, option2Name, option2Value, option3Name, option3Value, weightGrams, unit, packSize, minQuantity, quantityStep, taxClass.');
    expect(rules).toHaveTextContent('Lines with the same id (for a new product, the same handle) are one product, each line one of its variants');
    expect(rules).toHaveTextContent('An empty id (or no id column) creates a product; a product’s id updates that product.');
    expect(rules).toHaveTextContent('archived is only there to read and is ignored');
    expect(within(rules).getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/admin/products');

    await choose();
    expect(await screen.findByRole('heading', { name: 'Checked products.csv' })).toBeInTheDocument();
    expect(asked).toEqual([{ apply: 'false', type: 'text/csv', auth: `Bearer ${ADMIN_TOKEN}`, body: CSV }]);
    expect(counts()).toEqual({ 'To create': '1', 'To update': '1', Unchanged: '0', Refused: '0' });
    expect(tableRows()).toEqual([
      ['2', 'Update', 'Chrome Basin Tap', 'stock: 2 → 3'],
      ['3', 'New product', 'Brass Mixer', ''],
    ]);
    expect(screen.getByRole('link', { name: 'Chrome Basin Tap' })).toHaveAttribute('href', `/admin/products/${TAP_ID}`);
    expect(screen.getByRole('button', { name: 'Apply import' })).toBeEnabled();
  });

  it('lists refused rows first with their reasons, and offers no import while any is refused', async () => {
    const asked = serveImport(
      report({
        created: 1,
        updated: 0,
        unchanged: 1,
        refused: 1,
        rows: [
          row({ row: 3, action: 'create', name: 'Brass Mixer' }),
          row({ row: 4, action: 'refuse', name: 'Bad Radiator', errors: ["price: Price must be from 0.01 to 1000000, with at most two decimals, not '-1'", "The category 'Heating' has no sub-category titled 'Nowhere'"] }),
        ],
      }),
    );
    renderRoutes(routes, '/admin/products/import');
    await choose();
    expect(await screen.findByRole('heading', { name: 'Checked products.csv' })).toBeInTheDocument();
    expect(counts()).toEqual({ 'To create': '1', 'To update': '0', Unchanged: '1', Refused: '1' });
    expect(tableRows()).toEqual([
      ['4', 'Refused', 'Bad Radiator', "price: Price must be from 0.01 to 1000000, with at most two decimals, not '-1'The category 'Heating' has no sub-category titled 'Nowhere'"],
      ['3', 'New product', 'Brass Mixer', ''],
    ]);
    expect(screen.getByText('1 unchanged line')).toBeInTheDocument();
    const apply = screen.getByRole('button', { name: 'Apply import' });
    expect(apply).toBeDisabled();
    expect(apply).toHaveAccessibleDescription('1 row is refused: correct it in the file and choose it again. Nothing is imported while any row is refused.');
    fireEvent.click(apply);
    expect(asked.map((call) => call.apply)).toEqual(['false']);
  });

  it('shows what each changed row changes as the file writes it, flags a price that jumps, and folds the unchanged rows into one line', async () => {
    serveImport(
      report({
        created: 0,
        updated: 2,
        unchanged: 250,
        rows: [
          row({ row: 7, action: 'update', id: TAP_ID, name: 'Chrome Basin Tap', changes: [{ field: 'price', from: '6.49', to: '59.99' }], flags: ['Check this price'] }),
          row({
            row: 9,
            action: 'update',
            id: '2'.padStart(24, '0'),
            name: 'Brass Mixer',
            changes: [
              { field: 'discountEndDate', from: '2026-11-28', to: '' },
              { field: 'category', from: 'Faucets', to: 'Heating' },
            ],
          }),
        ],
      }),
    );
    renderRoutes(routes, '/admin/products/import');
    await choose();
    await screen.findByRole('heading', { name: 'Checked products.csv' });
    expect(tableRows()).toEqual([
      ['7', 'Update', 'Chrome Basin Tap', 'Check this priceprice: 6.49 → 59.99'],
      ['9', 'Update', 'Brass Mixer', 'discountEndDate: 2026-11-28 → emptycategory: Faucets → Heating'],
    ]);
    const flag = within(screen.getByRole('table')).getByText('Check this price');
    expect(flag.tagName).toBe('STRONG');
    expect(flag.closest('tr')).toHaveClass('bg-amber-50');
    expect(screen.getByText('250 unchanged lines')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply import' })).toHaveAccessibleDescription('Applying creates 0 and updates 2 products.');
  });

  it('calls a new line of a product the shop has a new variant, shows each row’s SKU and the variants a product loses', async () => {
    const elbow = '3'.padStart(24, '0');
    serveImport(
      report({
        created: 2,
        updated: 1,
        rows: [
          row({ row: 2, action: 'update', id: elbow, name: 'Compression Elbow', sku: 'CE-15-BR', changes: [{ field: 'price', from: '4.00', to: '4.40' }], flags: ['Removes the variant CE-22-CH'] }),
          row({ row: 3, action: 'create', id: elbow, name: 'Compression Elbow', sku: 'CE-28-BR' }),
          row({ row: 4, action: 'create', name: 'Copper Tee', sku: 'TEE-15' }),
        ],
      }),
    );
    renderRoutes(routes, '/admin/products/import');
    await choose();
    await screen.findByRole('heading', { name: 'Checked products.csv' });
    expect(tableRows()).toEqual([
      ['2', 'Update', 'Compression ElbowSKU CE-15-BR', 'Removes the variant CE-22-CHprice: 4.00 → 4.40'],
      ['3', 'New variant', 'Compression ElbowSKU CE-28-BR', ''],
      ['4', 'New product', 'Copper TeeSKU TEE-15', ''],
    ]);
  });

  it('lists every refused row and the first 200 others, and says how many more there are', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => row({ row: i + 2, action: i === 250 ? 'refuse' : i === 280 ? 'create' : 'update', errors: i === 250 ? ['Category not found'] : [] }));
    serveImport(report({ created: 1, updated: 298, unchanged: 0, refused: 1, rows }));
    renderRoutes(routes, '/admin/products/import');
    await choose();
    await screen.findByRole('heading', { name: 'Checked products.csv' });
    const shown = tableRows();
    expect(shown).toHaveLength(201);
    // The refused row far down the file first, then the others by row.
    expect(shown.slice(0, 3)).toEqual([
      ['252', 'Refused', 'Row 252', 'Category not found'],
      ['2', 'Update', 'Row 2', ''],
      ['3', 'Update', 'Row 3', ''],
    ]);
    expect(screen.getByText('…and 99 more rows that change something, not listed here; the counts above include them.')).toBeInTheDocument();
  });

  it('applies the file it checked and says what was imported, with a way back to the products', async () => {
    const asked = serveImport(report(), report({ applied: true, rows: [row({ row: 2, action: 'update', id: TAP_ID }), row({ row: 3, action: 'create', id: '2'.padStart(24, '0') })] }));
    renderRoutes(routes, '/admin/products/import');
    await choose();
    fireEvent.click(await screen.findByRole('button', { name: 'Apply import' }));
    const done = await screen.findByRole('region', { name: 'Products imported' });
    expect(within(done).getByRole('heading', { name: 'Products imported' })).toHaveFocus();
    expect(counts()).toEqual({ Created: '1', Updated: '1', Unchanged: '0' });
    expect(within(done).getByRole('link', { name: 'Back to products' })).toHaveAttribute('href', '/admin/products');
    expect(asked.map(({ apply, body }) => [apply, body])).toEqual([
      ['false', CSV],
      ['true', CSV],
    ]);
    expect(screen.queryByLabelText('CSV file')).not.toBeInTheDocument();

    fireEvent.click(within(done).getByRole('button', { name: 'Import another file' }));
    expect(screen.getByLabelText('CSV file')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Checked products.csv' })).not.toBeInTheDocument();
  });

  it('shows why applying was refused, row by row', async () => {
    serveImport(
      report(),
      HttpResponse.json({ success: false, message: 'Nothing was imported: 1 row is refused', errors: { 'row 3': 'Category not found; Price must be from 0.01 to 1000000' } }, { status: 422 }),
    );
    renderRoutes(routes, '/admin/products/import');
    await choose();
    fireEvent.click(await screen.findByRole('button', { name: 'Apply import' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Nothing was imported: 1 row is refused');
    expect(within(alert).getByRole('listitem')).toHaveTextContent('Row 3: Category not found; Price must be from 0.01 to 1000000');
  });

  it.each([
    [400, "The file has no 'price' column"],
    [413, 'The file must be at most 10 MB'],
  ])('shows a file the server cannot read (%i) in its words', async (status, message) => {
    serveImport(failure(status, message));
    renderRoutes(routes, '/admin/products/import');
    await choose('name\nTap\n', 'tap list.csv');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`tap list.csv cannot be imported.${message}`);
    expect(screen.queryByRole('button', { name: 'Apply import' })).not.toBeInTheDocument();
  });

  it('offers nothing to apply when every row matches the shop already', async () => {
    serveImport(report({ created: 0, updated: 0, unchanged: 1, rows: [] }));
    renderRoutes(routes, '/admin/products/import');
    await choose();
    const apply = await screen.findByRole('button', { name: 'Apply import' });
    await waitFor(() => expect(apply).toBeDisabled());
    expect(apply).toHaveAccessibleDescription('Every line matches the shop already: there is nothing to import.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('1 unchanged line')).toBeInTheDocument();
  });
});
