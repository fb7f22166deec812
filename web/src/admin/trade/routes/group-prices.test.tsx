import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { toast } from 'sonner';
import { routes } from '@/admin/app/router';
import type { CustomerGroup, GroupPrice, PricesRequest } from '@/api/types';
import { signInAsAdmin } from '@/testing/admin';
import { refusal } from '@/testing/orders';
import { renderRoutes, resetStores } from '@/testing/render';
import { envelope, failure, product, server } from '@/testing/server';

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
 * answers first. `sent` records each PUT body, `asked` each GET's query; the shop's SKU
 * call knows TEE-22 only. */
function pricesApi(start: GroupPrice[] = [ELBOW_15, ELBOW_22, TAPE], answer?: () => Response | undefined) {
  let prices = [...start];
  const sent: PricesRequest[] = [];
  const asked: URLSearchParams[] = [];
  const skus: string[] = [];
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
  return { sent, asked, skus };
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
