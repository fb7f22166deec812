import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { routes } from '@/app/router';
import { useAuth } from '@/features/auth/store';
import { toast } from '@/lib/toast';
import { refusal } from '@/testing/orders';
import { catalogueHandlers, envelope, failure, item, product, server, unexpected, user } from '@/testing/server';
import { renderRoutes, resetStores } from '@/testing/render';


/** What POST /user/item/bulk was sent: its body and its Idempotency-Key. */
interface Sent {
  body: unknown;
  key: string | null;
}

type Answer = { sku: string; status: string; quantity: number; message: string | null; variantId: string | null };

/** A line's answer as the server words it. */
const answer = (sku: string, status: string, quantity: number, message: string | null = null): Answer => ({
  sku,
  status,
  quantity,
  message,
  variantId: status === 'added' || status === 'short' ? 'v'.padStart(24, '0') : null,
});

/** POST /user/item/bulk answering `reply()` (the lines' answers, or a response), noting what was sent. */
function bulkHandler(reply: () => Answer[] | Response, sent: Sent[] = []) {
  return http.post('*/api/user/item/bulk', async ({ request }) => {
    sent.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') });
    const answered = reply();
    return answered instanceof Response ? answered : envelope({ lines: answered }, 'Lines added to cart');
  });
}

const textarea = () => screen.getByLabelText('Paste from a spreadsheet');
const type = (text: string) => fireEvent.change(textarea(), { target: { value: text } });
/** Clicks 'Add to cart' once it is back (it reads 'Adding to cart...' while a request is on its way). */
const addToCart = async () => fireEvent.click(await screen.findByRole('button', { name: 'Add to cart' }));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeAll(() => Promise.all([import('@/app/layouts/main-layout'), import('./quick-order')]));
afterEach(resetStores);

describe('Quick order, signed out', () => {
  it('asks the guest to sign in, and sends nothing', async () => {
    const bulk = unexpected('post', '*/api/user/item/bulk');
    server.use(bulk.handler, ...catalogueHandlers);
    renderRoutes(routes, '/quick-order');
    expect(await screen.findByRole('heading', { level: 1, name: 'Quick order' })).toBeInTheDocument();
    expect(screen.getByText('Sign in to use quick order.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('Paste from a spreadsheet')).not.toBeInTheDocument();
    expect(bulk.calls).not.toHaveBeenCalled();
  });
});

describe('Quick order, signed in', () => {
  beforeEach(() => useAuth.getState().signIn(user(), 'token-123'));

  it('sends the pasted lines with an Idempotency-Key, shows each line’s answer in words, and loads the cart again', async () => {
    const sent: Sent[] = [];
    let cart: ReturnType<typeof item>[] = [];
    server.use(
      bulkHandler(() => {
        cart = [item(product(), { quantity: 5 })];
        return [
          answer('CF-22', 'added', 2),
          answer('ptfe', 'added', 3),
          answer('TRV-15', 'short', 1, 'Only 1 could be added'),
          answer('ELB-9', 'short', 0, 'This product is out of stock'),
          answer('NOPE', 'unknown', 0),
          answer('PACK-5', 'invalid', 0, 'Sold in multiples of 5'),
        ];
      }, sent),
      http.get('*/api/user/item', ({ request }) => envelope(new URL(request.url).searchParams.get('type') === 'cart' ? cart : [])),
      ...catalogueHandlers,
    );
    renderRoutes(routes, '/quick-order');
    await screen.findByRole('heading', { level: 1, name: 'Quick order' });
    expect(await screen.findByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument();
    // As two columns copy from a spreadsheet, with rows typed by hand among them.
    type('CF-22\t2\r\nptfe, 3\r\n\r\nTRV-15 4\nELB-9\nNOPE 1\nPACK-5 1.5\n');
    await addToCart();

    const table = await screen.findByRole('table', { name: "Each line's answer" });
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({
      lines: [
        { sku: 'CF-22', quantity: 2 },
        { sku: 'ptfe', quantity: 3 },
        { sku: 'TRV-15', quantity: 4 },
        { sku: 'ELB-9', quantity: 1 },
        { sku: 'NOPE', quantity: 1 },
        { sku: 'PACK-5', quantity: 1.5 },
      ],
    });
    expect(sent[0].key).toMatch(UUID);

    const rows = within(table).getAllByRole('row').map((row) => [...(row as HTMLTableRowElement).cells].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['SKU', 'Status', 'Quantity added', 'Message'],
      ['CF-22', 'Added', '2', ''],
      ['ptfe', 'Added', '3', ''],
      ['TRV-15', 'Partly added', '1', 'Only 1 could be added'],
      ['ELB-9', 'Not added', '0', 'This product is out of stock'],
      ['NOPE', 'Not found', '0', ''],
      ['PACK-5', 'Not valid', '0', 'Sold in multiples of 5'],
    ]);
    const results = screen.getByRole('region', { name: 'Results' });
    expect(within(results).getByText('2 of 6 lines added, 1 partly')).toBeInTheDocument();
    expect(within(results).getByRole('link', { name: 'Go to cart' })).toHaveAttribute('href', '/cart');
    // The header's count reads the cart the lines went into.
    expect(await screen.findByRole('link', { name: 'Cart, 5 items' })).toBeInTheDocument();
  });

  it('counts the lines added in the summary', async () => {
    server.use(
      bulkHandler(() => [answer('A', 'added', 1), answer('B', 'added', 1), answer('C', 'added', 1), answer('D', 'added', 1), answer('E', 'unknown', 0)]),
      ...catalogueHandlers,
    );
    renderRoutes(routes, '/quick-order');
    await screen.findByRole('heading', { level: 1, name: 'Quick order' });
    type('A\nB\nC\nD\nE');
    await addToCart();
    expect(await screen.findByRole('region', { name: 'Results' })).toHaveTextContent('4 of 5 lines added');
  });

  it('sends the same lines again with the same key (a retry adds once), and changed lines with a new one', async () => {
    const sent: Sent[] = [];
    const error = vi.spyOn(toast, 'error');
    let calls = 0;
    server.use(
      bulkHandler(() => {
        calls += 1;
        return calls === 1 ? failure(503, 'The shop is busy: try again') : [answer('CF-22', 'added', 2)];
      }, sent),
      ...catalogueHandlers,
    );
    renderRoutes(routes, '/quick-order');
    await screen.findByRole('heading', { level: 1, name: 'Quick order' });
    type('CF-22 2');
    await addToCart();
    await waitFor(() => expect(error).toHaveBeenCalledWith('The shop is busy: try again'));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await addToCart();
    await screen.findByRole('table', { name: "Each line's answer" });
    type('CF-22 2\n');
    await addToCart();
    type('CF-22 3');
    await addToCart();
    await waitFor(() => expect(sent).toHaveLength(4));
    const [first, retry, sameLines, changed] = sent.map((s) => s.key);
    expect(first).toMatch(UUID);
    expect(retry).toBe(first);
    // A row break more is the same request: the server answers it again, adding nothing.
    expect(sameLines).toBe(first);
    expect(changed).toMatch(UUID);
    expect(changed).not.toBe(first);
  });

  it('refuses 201 lines without asking the server', async () => {
    const bulk = unexpected('post', '*/api/user/item/bulk');
    server.use(bulk.handler, ...catalogueHandlers);
    renderRoutes(routes, '/quick-order');
    await screen.findByRole('heading', { level: 1, name: 'Quick order' });
    type(Array.from({ length: 201 }, (_, i) => `SKU-${i} 1`).join('\n'));
    await addToCart();
    expect(await screen.findByRole('alert')).toHaveTextContent('At most 200 lines');
    expect(textarea()).toBeInvalid();
    expect(bulk.calls).not.toHaveBeenCalled();
    // A change to the text takes the message away.
    type('SKU-1 1');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('names a row it cannot read, and says when there is nothing to send, without asking the server', async () => {
    const bulk = unexpected('post', '*/api/user/item/bulk');
    server.use(bulk.handler, ...catalogueHandlers);
    renderRoutes(routes, '/quick-order');
    await screen.findByRole('heading', { level: 1, name: 'Quick order' });
    type('CF-22 2\nPTFE 1\nBrass valve 15mm 2');
    await addToCart();
    expect(await screen.findByRole('alert')).toHaveTextContent('Line 3: write a SKU and a quantity');
    type('\n  \n');
    await addToCart();
    expect(await screen.findByRole('alert')).toHaveTextContent('Write at least one line: a SKU and a quantity');
    expect(bulk.calls).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal of the lines under the box', async () => {
    server.use(
      bulkHandler(() => refusal(400, 'At most 200 lines', { lines: 'At most 200 lines' })),
      ...catalogueHandlers,
    );
    renderRoutes(routes, '/quick-order');
    await screen.findByRole('heading', { level: 1, name: 'Quick order' });
    type('CF-22 2');
    await addToCart();
    expect(await screen.findByRole('alert')).toHaveTextContent('At most 200 lines');
  });

  it('adds a typed line to the text, suggesting SKUs from the search', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/search/suggest', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('q') ?? '');
        return envelope({
          products: [
            { _id: 'p1', name: 'Copper elbow 22 mm', discountedPrice: 2, image: null, sku: 'CF-22' },
            { _id: 'p2', name: 'Copper elbow 15 mm', discountedPrice: 1.5, image: null, sku: 'CF-15' },
          ],
          categories: [],
        });
      }),
      ...catalogueHandlers,
    );
    renderRoutes(routes, '/quick-order');
    await screen.findByRole('heading', { level: 1, name: 'Quick order' });
    const form = screen.getByRole('form', { name: 'Add a line' });
    const sku = within(form).getByLabelText('SKU');
    fireEvent.change(sku, { target: { value: 'cf' } });
    const list = document.getElementById(sku.getAttribute('list') ?? '')!;
    await waitFor(() => expect([...list.querySelectorAll('option')].map((o) => o.value)).toEqual(['CF-22', 'CF-15']));
    expect(asked).toContain('cf');

    // Without a SKU, nothing is added.
    fireEvent.change(sku, { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add line' }));
    expect(await within(form).findByText('Enter a SKU')).toBeInTheDocument();

    type('PTFE 1');
    fireEvent.change(sku, { target: { value: 'CF-22' } });
    fireEvent.change(within(form).getByLabelText('Quantity'), { target: { value: '4' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add line' }));
    expect(textarea()).toHaveValue('PTFE 1\nCF-22 4');
    expect(sku).toHaveValue('');
    expect(within(form).getByLabelText('Quantity')).toHaveValue(1);
  });
});
