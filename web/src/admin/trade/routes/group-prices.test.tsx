import { File as NodeFile } from 'node:buffer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import { routes } from '@/admin/app/router';
import type { CustomerGroup, GroupPrice, PricesRequest } from '@/api/types';
import { ADMIN_TOKEN, signInAsAdmin } from '@/testing/admin';
import { captureDownloads } from '@/testing/downloads';
import { refusal } from '@/testing/orders';
import { renderRoutes, resetStores } from '@/testing/render';
import { envelope, failure, product, server } from '@/testing/server';
import type { PriceListReport, PriceListRow } from '../api/group-price-list';

beforeEach(signInAsAdmin);
afterEach(resetStores);

const TRADE: CustomerGroup = { _id: 'g1'.padStart(24, '0'), name: 'Trade', categoryDiscounts: [], cartDiscount: false, members: 3, version: 2 };

const price = (variantId: string, sku: string, productName: string, amount: number): GroupPrice => ({ variantId, sku, productName, price: amount });
const ELBOW_15 = price('v1'.padStart(24, '0'), 'ELB-15', 'Compression Elbow', 3.8);
const ELBOW_22 = price('v2'.padStart(24, '0'), 'ELB-22', 'Compression Elbow', 4.6);
const TAPE = price('v3'.padStart(24, '0'), 'PTFE-12', 'PTFE Tape', 0.9);
const TEE_ID = 'v9'.padStart(24, '0');

/** The group's prices over `start`, searched and paged as the server does (`q`: the start
 * of a SKU, or a word of the product's name); a PUT sets and removes them unless `answer`
 * answers first, and `replace` swaps them all (an import). `sent` records each PUT body,
 * `asked` each GET's query; the shop's SKU call knows TEE-22 only. */
function pricesApi(start: GroupPrice[] = [ELBOW_15, ELBOW_22, TAPE], answer?: () => Response | undefined) {
  let prices = [...start];
  const sent: PricesRequest[] = [];
  const asked: URLSearchParams[] = [];
  const skus: string[] = [];
  const replace = (next: GroupPrice[]) => {
    prices = next;
  };
  server.use(
    http.get('*/api/category', () => envelope({ categories: [] })),
    http.get('*/api/admin/customer-group', () => envelope({ groups: [TRADE] }, 'Customer groups')),
    http.get('*/api/admin/customer-group/:id/price', ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      const q = (query.get('q') ?? '').toLowerCase();
      const page = Number(query.get('page') ?? 1);
      const perPage = Number(query.get('perPage') ?? 50);
      const matching = prices.filter((p) => !q || p.sku.toLowerCase().startsWith(q) || p.productName.toLowerCase().split(' ').includes(q));
      return envelope({ prices: matching.slice((page - 1) * perPage, page * perPage), total: matching.length, page, perPage }, 'Group prices');
    }),
    http.put('*/api/admin/customer-group/:id/price', async ({ request }) => {
      const body = (await request.json()) as PricesRequest;
      sent.push(body);
      const answered = answer?.();
      if (answered) return answered;
      for (const line of body.prices) {
        const known = prices.find((p) => p.variantId === line.variantId) ?? price(line.variantId, 'TEE-22', 'Compression Tee', 0);
        prices = prices.filter((p) => p.variantId !== line.variantId);
        if (line.price != null) prices.push({ ...known, price: line.price });
      }
      prices.sort((a, b) => a.sku.localeCompare(b.sku));
      return envelope({ prices: prices.slice(0, 50), total: prices.length, page: 1, perPage: 50 }, 'Group prices saved');
    }),
    http.get('*/api/sku/:sku', ({ params }) => {
      skus.push(params.sku as string);
      return String(params.sku).toUpperCase() === 'TEE-22'
        ? envelope({ product: product({ name: 'Compression Tee' }), variant: { _id: TEE_ID, sku: 'TEE-22', options: {}, price: 5, discountPercentage: 0, discountedPrice: 5, stock: 10, position: 0 } }, 'Product fetched successfully')
        : failure(404, 'No product has this SKU');
    }),
  );
  return { sent, asked, skus, replace };
}

const grid = () => screen.getByRole('region', { name: 'Group prices table' });
const rows = () => within(grid()).getAllByRole('row').slice(1);
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function openGroup() {
  renderRoutes(routes, `/admin/customer-groups/${TRADE._id}`);
  await screen.findByRole('heading', { level: 1, name: 'Edit Trade' });
  await screen.findByRole('region', { name: 'Group prices table' });
}

describe('Console group prices', () => {
  it('lists the group’s prices, and saves only the rows changed: a new price, and one removed', async () => {
    const { sent, asked } = pricesApi();
    const success = vi.spyOn(toast, 'success');
    await openGroup();
    expect(Object.fromEntries(asked[0])).toEqual({ page: '1', perPage: '50' });
    expect(rows().map((row) => [...within(row).getAllByRole('cell').slice(0, 2).map((cell) => cell.textContent), within(row).getByRole('textbox').getAttribute('value')])).toEqual([
      ['ELB-15', 'Compression Elbow', '3.8'],
      ['ELB-22', 'Compression Elbow', '4.6'],
      ['PTFE-12', 'PTFE Tape', '0.9'],
    ]);
    expect(screen.getByRole('button', { name: 'Save prices' })).toBeDisabled();

    type('Group price, ELB-15', '3.50');
    fireEvent.click(screen.getByRole('button', { name: 'Remove PTFE-12' }));
    expect(within(rows()[2]).getByText('Removed when you save')).toBeInTheDocument();
    // Typed back as it was: not a change.
    type('Group price, ELB-22', '4.7');
    type('Group price, ELB-22', '4.6');
    expect(screen.getByText('2 prices changed.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save prices' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('2 group prices saved'));
    expect(sent).toEqual([
      {
        prices: [
          { variantId: ELBOW_15.variantId, price: 3.5 },
          { variantId: TAPE.variantId, price: null },
        ],
      },
    ]);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByLabelText('Group price, ELB-15')).toHaveValue('3.5');
    expect(screen.getByText('No changes to save.')).toBeInTheDocument();
  });

  it('checks each changed price before sending, and shows the server’s refusal on its row', async () => {
    let answer = (): Response | undefined => refusal(400, 'No such variant', { 'prices[1].variantId': 'No such variant' });
    const { sent } = pricesApi(undefined, () => answer());
    await openGroup();
    type('Group price, ELB-15', '3.555');
    fireEvent.click(screen.getByRole('button', { name: 'Save prices' }));
    expect(screen.getByLabelText('Group price, ELB-15')).toHaveAccessibleDescription('Price must be from 0.01 to 1000000, with at most two decimals');
    expect(screen.getByRole('alert')).toHaveTextContent('Nothing was saved: correct the prices marked, then save again.');
    expect(sent).toEqual([]);

    type('Group price, ELB-15', '3.55');
    type('Group price, ELB-22', '4.4');
    fireEvent.click(screen.getByRole('button', { name: 'Save prices' }));
    await waitFor(() => expect(screen.getByLabelText('Group price, ELB-22')).toHaveAccessibleDescription('No such variant'));
    expect(screen.getByLabelText('Group price, ELB-15')).not.toHaveAttribute('aria-invalid');
    expect(sent).toHaveLength(1);

    answer = () => failure(500, 'Failed to save the group prices');
    fireEvent.click(screen.getByRole('button', { name: 'Save prices' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to save the group prices'));
  });

  it('searches the prices by SKU or product name, and pages them fifty at a time', async () => {
    const many = Array.from({ length: 60 }, (_, i) => price(`w${i}`.padStart(24, '0'), `PIPE-${String(i).padStart(2, '0')}`, 'Copper Pipe', 10 + i));
    const { asked } = pricesApi([...many, TAPE]);
    await openGroup();
    expect(rows()).toHaveLength(50);
    const pages = screen.getByRole('navigation', { name: 'Group prices pages' });
    expect(pages).toHaveTextContent('Page 1 of 2 · 61 prices');
    fireEvent.click(within(pages).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(rows()).toHaveLength(11));
    expect(asked.at(-1)!.get('page')).toBe('2');

    const search = (text: string) => {
      const box = screen.getByRole('search', { name: 'Group prices' });
      fireEvent.change(within(box).getByLabelText('Search the group prices'), { target: { value: text } });
      fireEvent.click(within(box).getByRole('button', { name: 'Search' }));
    };
    search(' tape ');
    await waitFor(() => expect(rows().map((row) => within(row).getAllByRole('cell')[0].textContent)).toEqual(['PTFE-12']));
    expect(Object.fromEntries(asked.at(-1)!)).toEqual({ q: 'tape', page: '1', perPage: '50' });

    search('nothing');
    expect(await screen.findByText('No group prices match “nothing”.')).toBeInTheDocument();
  });

  it('adds a price by SKU: looks the SKU up, then saves the price for its variant', async () => {
    const { sent, skus } = pricesApi();
    const success = vi.spyOn(toast, 'success');
    await openGroup();
    const add = screen.getByRole('form', { name: 'Add a price' });
    fireEvent.change(within(add).getByLabelText('SKU'), { target: { value: 'tee-99' } });
    fireEvent.change(within(add).getByLabelText('Price (₹)'), { target: { value: '4.25' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Add price' }));
    await waitFor(() => expect(within(add).getByLabelText('SKU')).toHaveAccessibleDescription('No product has this SKU'));
    expect(sent).toEqual([]);

    fireEvent.change(within(add).getByLabelText('SKU'), { target: { value: ' tee-22 ' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Add price' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Group price for tee-22 saved'));
    expect(skus).toEqual(['tee-99', 'tee-22']);
    expect(sent).toEqual([{ prices: [{ variantId: TEE_ID, price: 4.25 }] }]);
    // The form empties, and the grid shows the new price.
    expect(within(add).getByLabelText('SKU')).toHaveValue('');
    await waitFor(() => expect(screen.getByLabelText('Group price, TEE-22')).toHaveValue('4.25'));
  });

  it('shows the server’s refusal of an added price under its field', async () => {
    pricesApi(undefined, () => refusal(400, 'Price must be from 0.01 to 1000000, with at most two decimals', { 'prices[0].price': 'Price must be from 0.01 to 1000000, with at most two decimals' }));
    await openGroup();
    const add = screen.getByRole('form', { name: 'Add a price' });
    fireEvent.change(within(add).getByLabelText('SKU'), { target: { value: 'TEE-22' } });
    fireEvent.change(within(add).getByLabelText('Price (₹)'), { target: { value: '4.25' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Add price' }));
    await waitFor(() => expect(within(add).getByLabelText('Price (₹)')).toHaveAccessibleDescription('Price must be from 0.01 to 1000000, with at most two decimals'));
    expect(within(add).getByLabelText('SKU')).not.toHaveAttribute('aria-invalid');
  });
});

const PRICE_CSV = `sku,productName,shopPrice,price
ELB-15,Compression Elbow,4.50,4.20
BAD-1,,,3
TEE-22,Compression Tee,4.50,5
PTFE-12,PTFE Tape,1.20,
ELB-22,Compression Elbow,5.00,4.6
`;

const priceRow = (overrides: Partial<PriceListRow> & Pick<PriceListRow, 'row' | 'sku' | 'action'>): PriceListRow => ({ from: null, to: null, errors: [], warnings: [], ...overrides });

/** The file above as the server checks it: ELB-15 changes, TEE-22 is new (above the shop
 * price), PTFE-12 loses its price, ELB-22 is unchanged; BAD-1 is refused unless `clean`. */
const priceReport = ({ clean = false, applied = false } = {}): PriceListReport => ({
  applied,
  set: 2,
  removed: 1,
  unchanged: 1,
  refused: clean ? 0 : 1,
  rows: [
    priceRow({ row: 2, sku: 'ELB-15', action: 'set', from: 3.8, to: 4.2 }),
    ...(clean ? [] : [priceRow({ row: 3, sku: 'BAD-1', action: 'refuse', errors: ["sku: No product in the shop has this SKU, not 'BAD-1'", 'price: Price must be from 0.01 to 1000000'] })]),
    priceRow({ row: 4, sku: 'TEE-22', action: 'set', to: 5, warnings: ['Above the shop price of 4.50'] }),
    priceRow({ row: 5, sku: 'PTFE-12', action: 'remove', from: 0.9 }),
  ],
});

interface Posted {
  path: string;
  apply: string | null;
  type: string | null;
  auth: string | null;
  body: string;
}

/** POST …/price/import answering a dry run with `checked` and applying with `applied`
 * (a report, or a response for a refusal); `onApplied` runs when it applies. */
function serveImport(checked: PriceListReport | Response, applied: PriceListReport | Response = priceReport({ clean: true, applied: true }), onApplied?: () => void) {
  const posted: Posted[] = [];
  server.use(
    http.post('*/api/admin/customer-group/:id/price/import', async ({ request }) => {
      const url = new URL(request.url);
      const apply = url.searchParams.get('apply');
      posted.push({ path: url.pathname, apply, type: request.headers.get('Content-Type'), auth: request.headers.get('Authorization'), body: await request.text() });
      const answer = apply === 'true' ? applied : checked;
      if (answer instanceof Response) return answer;
      if (apply === 'true') onApplied?.();
      return envelope(answer, apply === 'true' ? 'Price list imported' : 'Price list checked');
    }),
  );
  return posted;
}

const priceList = () => screen.getByRole('region', { name: 'Price list file' });
const fileInput = () => within(priceList()).getByLabelText('Price list (CSV)');

/** Opens 'Import CSV' and chooses a file (Node's File: jsdom's cannot be read into bytes). */
function chooseFile(text = PRICE_CSV, name = 'prices.csv') {
  fireEvent.click(within(priceList()).getByRole('button', { name: 'Import CSV' }));
  fireEvent.change(fileInput(), { target: { files: [new NodeFile([text], name, { type: 'text/csv' })] } });
}

const checkFile = () => fireEvent.click(within(priceList()).getByRole('button', { name: 'Check file' }));
const listRows = () =>
  (within(screen.getByRole('region', { name: 'Rows of the price list' })).getAllByRole('row').slice(1) as HTMLTableRowElement[]).map((tr) => [...tr.cells].map((cell) => cell.textContent));

describe('Console group price list file', () => {
  it('exports the group’s prices as a CSV file, fetched with the token and saved under the server’s name; a refusal in its words', async () => {
    pricesApi();
    const asked: { path: string; auth: string | null }[] = [];
    const csv = 'sku,productName,shopPrice,price\nELB-15,Compression Elbow,4.50,3.80\n';
    let refuse = false;
    server.use(
      http.get('*/api/admin/customer-group/:id/price/export', ({ request }) => {
        asked.push({ path: new URL(request.url).pathname, auth: request.headers.get('Authorization') });
        return refuse
          ? failure(404, 'Customer group not found')
          : new HttpResponse(csv, { headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="group-prices-Trade-2026-03-02.csv"' } });
      }),
    );
    const saved = captureDownloads();
    await openGroup();
    fireEvent.click(within(priceList()).getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(asked).toEqual([{ path: `/api/admin/customer-group/${TRADE._id}/price/export`, auth: `Bearer ${ADMIN_TOKEN}` }]);
    expect(saved[0].name).toBe('group-prices-Trade-2026-03-02.csv');
    expect(await saved[0].blob.text()).toBe(csv);
    expect(within(priceList()).getByRole('button', { name: 'Export CSV' })).toBeEnabled();

    refuse = true;
    fireEvent.click(within(priceList()).getByRole('button', { name: 'Export CSV' }));
    expect(await within(priceList()).findByRole('alert')).toHaveTextContent('Customer group not found');
    expect(saved).toHaveLength(1);
  });

  it('checks a file without writing: the counts, each row with what happens, warnings and refusals, and no import while any row is refused', async () => {
    const { asked } = pricesApi();
    const posted = serveImport(priceReport());
    await openGroup();
    const opener = within(priceList()).getByRole('button', { name: 'Import CSV' });
    expect(opener).toHaveAttribute('aria-expanded', 'false');
    expect(within(priceList()).queryByLabelText('Price list (CSV)')).not.toBeInTheDocument();
    chooseFile();
    expect(opener).toHaveAttribute('aria-expanded', 'true');
    expect(fileInput()).toHaveAttribute('accept', '.csv,text/csv');
    expect(fileInput()).toHaveAccessibleDescription('Columns sku and price (productName and shopPrice are read-only); an empty price removes the group’s price.');
    // Choosing a file sends nothing: 'Check file' does.
    expect(posted).toEqual([]);
    checkFile();

    expect(await screen.findByRole('heading', { name: 'Checked prices.csv' })).toBeInTheDocument();
    expect(posted).toEqual([{ path: `/api/admin/customer-group/${TRADE._id}/price/import`, apply: 'false', type: 'text/csv', auth: `Bearer ${ADMIN_TOKEN}`, body: PRICE_CSV }]);
    expect(within(priceList()).getByText('2 prices set, 1 removed, 1 unchanged, 1 refused')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Rows of the price list' })).getByRole('columnheader', { name: 'What happens (₹)' })).toBeInTheDocument();
    // The refused row first, with its reasons; then the others by row.
    expect(listRows()).toEqual([
      ['3', 'BAD-1', "Refusedsku: No product in the shop has this SKU, not 'BAD-1'price: Price must be from 0.01 to 1000000"],
      ['2', 'ELB-15', 'From 3.80 to 4.20'],
      ['4', 'TEE-22', 'New price 5.00Above the shop price of 4.50'],
      ['5', 'PTFE-12', 'Removes 0.90'],
    ]);
    const refusedReason = within(priceList()).getByText("sku: No product in the shop has this SKU, not 'BAD-1'");
    expect(refusedReason.closest('ul')).toHaveClass('text-red-800');
    expect(refusedReason.closest('tr')).toHaveClass('bg-red-50');
    const warning = within(priceList()).getByText('Above the shop price of 4.50');
    expect(warning.tagName).toBe('STRONG');
    expect(warning.closest('tr')).toHaveClass('bg-amber-50');

    const importButton = within(priceList()).getByRole('button', { name: 'Import prices' });
    expect(importButton).toBeDisabled();
    expect(importButton).toHaveAccessibleDescription('1 row is refused: correct the file and check it again. Nothing is imported while any row is refused.');
    fireEvent.click(importButton);
    expect(posted.map((call) => call.apply)).toEqual(['false']);
    // The dry run wrote nothing: the grid did not load again.
    expect(asked).toHaveLength(1);
  });

  it('imports the very file checked, says so, and loads the group’s prices again', async () => {
    const { asked, replace } = pricesApi();
    const posted = serveImport(priceReport({ clean: true }), undefined, () => replace([{ ...ELBOW_15, price: 4.2 }, ELBOW_22, price(TEE_ID, 'TEE-22', 'Compression Tee', 5)]));
    const success = vi.spyOn(toast, 'success');
    await openGroup();
    chooseFile();
    checkFile();
    const importButton = await within(priceList()).findByRole('button', { name: 'Import prices' });
    expect(importButton).toBeEnabled();
    expect(within(priceList()).getByText('2 prices set, 1 removed, 1 unchanged, 0 refused')).toBeInTheDocument();
    fireEvent.click(importButton);

    await waitFor(() => expect(success).toHaveBeenCalledWith('Price list imported'));
    expect(posted.map(({ apply, body }) => [apply, body])).toEqual([
      ['false', PRICE_CSV],
      ['true', PRICE_CSV],
    ]);
    expect(within(priceList()).getByRole('status')).toHaveTextContent('Imported prices.csv: 2 prices set, 1 removed, 1 unchanged, 0 refused.');
    expect(within(priceList()).queryByRole('button', { name: 'Import prices' })).not.toBeInTheDocument();
    expect(within(priceList()).getByRole('button', { name: 'Check file' })).toBeDisabled();
    // The grid asks again and shows the imported prices: PTFE-12 gone, TEE-22 new.
    await waitFor(() => expect(screen.getByLabelText('Group price, ELB-15')).toHaveValue('4.2'));
    expect(asked.length).toBeGreaterThan(1);
    expect(rows().map((row) => within(row).getAllByRole('cell')[0].textContent)).toEqual(['ELB-15', 'ELB-22', 'TEE-22']);
  });

  it('shows why applying was refused, row by row, and keeps the grid as it was', async () => {
    const { asked } = pricesApi();
    serveImport(priceReport({ clean: true }), refusal(422, 'Nothing was imported: 1 row is refused', { 'row 4': "sku: No product in the shop has this SKU, not 'TEE-22'" }));
    const success = vi.spyOn(toast, 'success');
    await openGroup();
    chooseFile();
    checkFile();
    fireEvent.click(await within(priceList()).findByRole('button', { name: 'Import prices' }));
    const alert = await within(priceList()).findByRole('alert');
    expect(alert).toHaveTextContent('Nothing was imported: 1 row is refused');
    expect(within(alert).getByRole('listitem')).toHaveTextContent("Row 4: sku: No product in the shop has this SKU, not 'TEE-22'");
    expect(success).not.toHaveBeenCalled();
    expect(asked).toHaveLength(1);
  });

  it('shows a file the server cannot read as a price list in its words', async () => {
    pricesApi();
    serveImport(failure(400, "The file has no 'price' column"));
    await openGroup();
    chooseFile('sku\nELB-15\n', 'skus.csv');
    checkFile();
    const alert = await within(priceList()).findByRole('alert');
    expect(alert).toHaveTextContent("skus.csv cannot be imported.The file has no 'price' column");
    expect(within(priceList()).queryByRole('button', { name: 'Import prices' })).not.toBeInTheDocument();
  });

  it('refuses a file over 2 MB before sending it', async () => {
    pricesApi();
    const posted = serveImport(priceReport());
    await openGroup();
    chooseFile('x'.repeat(2 * 1024 * 1024 + 1), 'huge.csv');
    expect(within(priceList()).getByRole('alert')).toHaveTextContent('huge.csv: The file must be at most 2 MB.');
    expect(within(priceList()).getByRole('button', { name: 'Check file' })).toBeDisabled();
    expect(posted).toEqual([]);
  });
});
