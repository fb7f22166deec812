import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { routes } from '@/admin/app/router';
import type { AdminProduct, Category } from '@/api/types';
import { adminProduct, adminProductHandler, adminProductsHandler, signInAsAdmin, stockHistoryHandler } from '@/testing/admin';
import { renderRoutes, resetStores } from '@/testing/render';
import { envelope, server } from '@/testing/server';

// 'You'll also need' on the product form (docs/DESIGN.md §12): the linked products, in
// order, found through the products list, sent as `relatedProductIds` with every save.

const FITTINGS = 'a'.repeat(24);
const ELBOWS = 'b'.repeat(24);
const shopCategories: Category[] = [{ _id: FITTINGS, title: 'Fittings', version: 1, subCategories: [{ _id: ELBOWS, title: 'Elbows', version: 1 }], maxDiscountPercentage: 50 }];
const ID = '9'.padStart(24, '0');
const idOf = (n: number) => String(n).padStart(24, '0');

/** Products of the shop, by id: the one edited, and others to link. */
const inShop = (n: number, name: string, archived = false) => adminProduct({ _id: idOf(n), name, archived, category: { _id: FITTINGS, title: 'Fittings' }, subCategory: { _id: ELBOWS, title: 'Elbows' } });
const ELBOW = inShop(1, 'Copper Elbow');
const VALVE = inShop(2, 'Old Gate Valve', true);
const TAPE = inShop(3, 'PTFE Tape');
const CUTTER = inShop(4, 'Pipe Cutter');
const BENDER = inShop(5, 'Pipe Bender');
const link = ({ _id, name, archived }: AdminProduct) => ({ _id, name, archived });

/** The product edited, linked to `related` in that order. */
const edited = (related: AdminProduct[], version = 1) =>
  adminProduct({
    ...inShop(9, 'Copper Tee'),
    _id: ID,
    version,
    relatedProductIds: related.map((product) => product._id),
    relatedProducts: related.map(link),
  });

beforeEach(signInAsAdmin);
beforeEach(() => server.use(stockHistoryHandler(() => []), http.get('*/api/category', () => envelope({ categories: shopCategories }))));
afterEach(resetStores);

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
/** The error a control shows under it, through its aria-describedby. */
const errorOf = (label: string) =>
  (screen.getByLabelText(label).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((node) => node?.id.endsWith('-error'))?.textContent;
/** The linked products as listed: each item's text (the name, then 'Archived' when it is). */
const linked = () => within(screen.getByRole('list', { name: 'Linked products' })).getAllByRole('listitem').map((item) => item.textContent);
/** The products a search offers, by name. */
const offered = async () => within(await screen.findByRole('list', { name: 'Products to add' })).getAllByRole('button').map((button) => button.textContent);

/** The edit page of `edited(related)` over `shop` (what every search answers; the terms and
 * page size asked are in `asked`); each PUT body in `sent`, kept as the server keeps it. */
function serveEditing(related: AdminProduct[], shop: AdminProduct[] = [edited(related), ELBOW, VALVE, TAPE, CUTTER, BENDER]) {
  let current = edited(related);
  const sent: { relatedProductIds?: string[] }[] = [];
  const asked: URLSearchParams[] = [];
  server.use(
    adminProductHandler(() => current),
    adminProductsHandler(() => shop, asked),
    http.put('*/api/admin/product/:id', async ({ request }) => {
      const body = (await request.json()) as { relatedProductIds?: string[] };
      sent.push(body);
      const all = [ELBOW, VALVE, TAPE, CUTTER, BENDER, ...shop];
      current = edited((body.relatedProductIds ?? []).map((id) => all.find((product) => product._id === id)!), current.version + 1);
      return envelope({ product: current }, 'Product updated');
    }),
  );
  return { sent, asked };
}

describe('Console product form: You’ll also need', () => {
  it('lists the linked products in their order, the archived one marked', async () => {
    serveEditing([TAPE, VALVE, ELBOW]);
    renderRoutes(routes, `/admin/products/${ID}`);
    await screen.findByRole('list', { name: 'Linked products' });
    expect(linked()).toEqual(['PTFE Tape', 'Old Gate ValveArchived', 'Copper Elbow']);
    expect(screen.getByRole('button', { name: 'Move PTFE Tape up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move PTFE Tape down' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Move Copper Elbow down' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove Old Gate Valve' })).toBeEnabled();
    expect(screen.getByLabelText('Add a product')).toBeEnabled();
  });

  it('says when none is linked, and saving sends the empty list', async () => {
    const { sent } = serveEditing([]);
    renderRoutes(routes, `/admin/products/${ID}`);
    expect(await screen.findByText('No products linked yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Linked products' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].relatedProductIds).toEqual([]);
  });

  it('adds from a search of the products list, reorders and removes, and saves the list in its order', async () => {
    const { sent, asked } = serveEditing([ELBOW, VALVE, TAPE]);
    renderRoutes(routes, `/admin/products/${ID}`);
    await screen.findByRole('list', { name: 'Linked products' });

    type('Add a product', ' pipe ');
    // The product itself and those already linked are not offered.
    expect(await offered()).toEqual(['Pipe Cutter', 'Pipe Bender']);
    const search = asked.at(-1)!;
    expect(search.get('q')).toBe('pipe');
    expect(search.get('perPage')).toBe('8');
    expect(search.get('archived')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Add Pipe Bender' }));
    expect(linked()).toEqual(['Copper Elbow', 'Old Gate ValveArchived', 'PTFE Tape', 'Pipe Bender']);
    expect(await offered()).toEqual(['Pipe Cutter']);
    fireEvent.click(screen.getByRole('button', { name: 'Move Pipe Bender up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move Copper Elbow down' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove PTFE Tape' }));
    expect(linked()).toEqual(['Old Gate ValveArchived', 'Copper Elbow', 'Pipe Bender']);
    // Removed, it is offered again.
    await waitFor(async () => expect(await offered()).toEqual(['PTFE Tape', 'Pipe Cutter']));

    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].relatedProductIds).toEqual([VALVE._id, ELBOW._id, BENDER._id]);
    // The form shows the server's answer: a fresh form (the search emptied) for the new version.
    await waitFor(() => expect(screen.getByLabelText('Add a product')).toHaveValue(''));
    expect(linked()).toEqual(['Old Gate ValveArchived', 'Copper Elbow', 'Pipe Bender']);
  });

  it('leaves the list as it was when only another field changes', async () => {
    const { sent } = serveEditing([TAPE, ELBOW]);
    renderRoutes(routes, `/admin/products/${ID}`);
    await screen.findByRole('list', { name: 'Linked products' });
    type('Name', 'Copper Tee, 22 mm');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].relatedProductIds).toEqual([TAPE._id, ELBOW._id]);
  });

  it('shows the server’s refusal of the list under it, until the list changes', async () => {
    serveEditing([ELBOW, TAPE]);
    server.use(
      http.put('*/api/admin/product/:id', () =>
        HttpResponse.json({ success: false, message: 'Please correct the highlighted fields', errors: { relatedProductIds: `No such product: ${TAPE._id}` } }, { status: 400 }),
      ),
    );
    renderRoutes(routes, `/admin/products/${ID}`);
    await screen.findByRole('list', { name: 'Linked products' });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(errorOf('Add a product')).toBe(`No such product: ${TAPE._id}`));
    expect(screen.getByLabelText('Add a product')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the highlighted fields');
    expect(linked()).toEqual(['Copper Elbow', 'PTFE Tape']);

    fireEvent.click(screen.getByRole('button', { name: 'Remove PTFE Tape' }));
    await waitFor(() => expect(errorOf('Add a product')).toBeUndefined());
  });

  it('links at most 12: the search is closed when the list is full, and opens again when one goes', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => inShop(100 + i, `Fitting ${i + 1}`));
    // The search's answer (the handler pages but does not filter: 8 of these).
    const { sent } = serveEditing(eleven, [CUTTER, BENDER, ...eleven]);
    renderRoutes(routes, `/admin/products/${ID}`);
    await screen.findByRole('list', { name: 'Linked products' });
    expect(screen.queryByText('At most 12 related products')).not.toBeInTheDocument();

    type('Add a product', 'pipe');
    expect(await offered()).toEqual(['Pipe Cutter', 'Pipe Bender']);
    fireEvent.click(screen.getByRole('button', { name: 'Add Pipe Cutter' }));
    expect(linked()).toHaveLength(12);
    expect(screen.getByLabelText('Add a product')).toBeDisabled();
    expect(screen.getByText('At most 12 related products')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Products to add' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Pipe Bender' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].relatedProductIds).toEqual([...eleven.map((product) => product._id), CUTTER._id]);

    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove Fitting 1' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Remove Fitting 1' }));
    expect(screen.getByLabelText('Add a product')).toBeEnabled();
    expect(screen.queryByText('At most 12 related products')).not.toBeInTheDocument();
  });

  it('links products to a product being created, which has no id to leave out yet', async () => {
    const sent: { relatedProductIds?: string[] }[] = [];
    let created: AdminProduct | null = null;
    const asked: URLSearchParams[] = [];
    server.use(
      adminProductsHandler(() => [ELBOW, CUTTER], asked),
      http.post('*/api/admin/product', async ({ request }) => {
        const body = (await request.json()) as { relatedProductIds?: string[] };
        sent.push(body);
        created = edited([CUTTER]);
        return HttpResponse.json({ success: true, message: 'Product created', data: { product: created } }, { status: 201 });
      }),
      adminProductHandler(() => created!),
    );
    renderRoutes(routes, '/admin/products/new');
    await screen.findByLabelText('Name');
    expect(screen.getByText('No products linked yet.')).toBeInTheDocument();
    type('Name', 'Copper Tee');
    type('Description', 'A 22 mm copper tee.');
    type('Price (list price)', '3.5');
    type('Category', FITTINGS);
    type('Sub-category', ELBOWS);
    type('Add a product', 'c');
    expect(await offered()).toEqual(['Copper Elbow', 'Pipe Cutter']);
    expect(asked.at(-1)!.get('perPage')).toBe('8');
    fireEvent.click(screen.getByRole('button', { name: 'Add Pipe Cutter' }));
    expect(linked()).toEqual(['Pipe Cutter']);
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Copper Tee' })).toBeInTheDocument();
    expect(sent.map((body) => body.relatedProductIds)).toEqual([[CUTTER._id]]);
    expect(linked()).toEqual(['Pipe Cutter']);
  });
});
