import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import { routes } from '@/admin/app/router';
import type { Category, CustomerGroup, CustomerGroupRequest } from '@/api/types';
import { signInAsAdmin } from '@/testing/admin';
import { refusal } from '@/testing/orders';
import { renderRoutes, resetStores } from '@/testing/render';
import { envelope, failure, server } from '@/testing/server';

const FITTINGS = 'c1'.padStart(24, '0');
const ELBOWS = 'c2'.padStart(24, '0');
const PIPE = 'c3'.padStart(24, '0');
const shopCategories: Category[] = [
  { _id: FITTINGS, title: 'Fittings', version: 1, subCategories: [{ _id: ELBOWS, title: 'Elbows', version: 1 }], maxDiscountPercentage: 0 },
  { _id: PIPE, title: 'Pipe', version: 1, subCategories: [], maxDiscountPercentage: 0 },
];

beforeEach(signInAsAdmin);
beforeEach(() => server.use(http.get('*/api/category', () => envelope({ categories: shopCategories }))));
afterEach(resetStores);

const group = (overrides: Partial<CustomerGroup> = {}): CustomerGroup => ({
  _id: 'g1'.padStart(24, '0'),
  name: 'Trade',
  categoryDiscounts: [{ categoryId: FITTINGS, percent: 10 }, { categoryId: ELBOWS, percent: 15 }],
  cartDiscount: false,
  members: 3,
  version: 2,
  ...overrides,
});
const trade = group();
const contractors = group({ _id: 'g2'.padStart(24, '0'), name: 'Contractors', categoryDiscounts: [], cartDiscount: true, members: 0, version: 1 });

/** The groups over `start`, saved as the server saves them unless `answer` answers
 * first; `sent` records each POST and PUT body. Each group has no prices. */
function groupsApi(start: CustomerGroup[] = [trade, contractors], answer?: () => Response | undefined) {
  let groups = [...start];
  const sent: CustomerGroupRequest[] = [];
  const save = async (request: Request, id?: string) => {
    const body = (await request.json()) as CustomerGroupRequest;
    sent.push(body);
    const answered = answer?.();
    if (answered) return answered;
    const before = groups.find((g) => g._id === id);
    const saved: CustomerGroup = { _id: id ?? 'n'.padStart(24, '0'), members: before?.members ?? 0, cartDiscount: true, categoryDiscounts: [], ...body, version: (before?.version ?? 0) + 1 } as CustomerGroup;
    groups = [...groups.filter((g) => g._id !== saved._id), saved];
    return HttpResponse.json({ success: true, message: id ? 'Customer group updated' : 'Customer group created', data: { group: saved } }, { status: id ? 200 : 201 });
  };
  server.use(
    http.get('*/api/admin/customer-group', () => envelope({ groups }, 'Customer groups')),
    http.post('*/api/admin/customer-group', ({ request }) => save(request)),
    http.put('*/api/admin/customer-group/:id', ({ request, params }) => save(request, params.id as string)),
    http.get('*/api/admin/customer-group/:id/price', () => envelope({ prices: [], total: 0, page: 1, perPage: 50 }, 'Group prices')),
  );
  return sent;
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const rows = () => within(screen.getByRole('region', { name: 'Customer groups table' })).getAllByRole('row').slice(1);

describe('Console customer groups', () => {
  it('lists each group with its category discounts, whether the cart discount applies, and its members', async () => {
    groupsApi();
    renderRoutes(routes, '/admin/customer-groups');
    expect(await screen.findByRole('heading', { level: 1, name: 'Customer groups' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Trade' })).toHaveAttribute('href', `/admin/customer-groups/${trade._id}`);
    expect(rows().map((row) => [within(row).getByRole('rowheader').textContent, ...within(row).getAllByRole('cell').map((cell) => cell.textContent)])).toEqual([
      ['Trade', '2', 'No', '3'],
      ['Contractors', '0', 'Yes', '0'],
    ]);
    expect(screen.getByRole('link', { name: 'New group' })).toHaveAttribute('href', '/admin/customer-groups/new');
    expect(within(screen.getAllByRole('navigation', { name: 'Console' })[0]).getByRole('link', { name: 'Customer groups' })).toHaveAttribute('href', '/admin/customer-groups');
  });

  it('creates a group with its category discounts (a category or a sub-category), then opens it', async () => {
    const sent = groupsApi();
    const success = vi.spyOn(toast, 'success');
    const { router } = renderRoutes(routes, '/admin/customer-groups/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'New customer group' })).toBeInTheDocument();
    // The form waits for the shop's categories.
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Installers' } });
    // The server's default: the shop's cart discount applies.
    const cartDiscount = screen.getByRole('checkbox', { name: 'Apply the shop’s 20 % cart discount' });
    expect(cartDiscount).toBeChecked();
    fireEvent.click(cartDiscount);
    fireEvent.click(screen.getByRole('button', { name: 'Add a category discount' }));
    expect(within(screen.getByLabelText('Category, discount 1')).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Choose a category',
      'Fittings (all of it)',
      'Fittings › Elbows',
      'Pipe (all of it)',
    ]);
    type('Category, discount 1', ELBOWS);
    type('Percent off, discount 1', '12');
    fireEvent.click(screen.getByRole('button', { name: 'Add a category discount' }));
    type('Category, discount 2', PIPE);
    type('Percent off, discount 2', '5');
    fireEvent.click(screen.getByRole('button', { name: 'Create group' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/customer-groups/${'n'.padStart(24, '0')}`));
    expect(sent).toEqual([
      {
        name: 'Installers',
        cartDiscount: false,
        categoryDiscounts: [
          { categoryId: ELBOWS, percent: 12 },
          { categoryId: PIPE, percent: 5 },
        ],
      },
    ]);
    expect(success).toHaveBeenCalledWith('Customer group Installers created');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Installers' })).toBeInTheDocument();
    expect(screen.getByLabelText('Category, discount 1')).toHaveValue(ELBOWS);
  });

  it('checks the discounts before sending, and shows the server’s refusals on the fields they name', async () => {
    let answer = (): Response | undefined => refusal(400, 'No such category', { 'categoryDiscounts[1].categoryId': 'No such category' });
    const sent = groupsApi(undefined, () => answer());
    renderRoutes(routes, '/admin/customer-groups/new');
    await screen.findByRole('heading', { level: 1, name: 'New customer group' });
    await screen.findByRole('button', { name: 'Add a category discount' });
    fireEvent.click(screen.getByRole('button', { name: 'Create group' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();

    type('Name', 'Installers');
    fireEvent.click(screen.getByRole('button', { name: 'Add a category discount' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add a category discount' }));
    type('Category, discount 1', FITTINGS);
    type('Percent off, discount 1', '95');
    type('Category, discount 2', FITTINGS);
    type('Percent off, discount 2', '10');
    fireEvent.click(screen.getByRole('button', { name: 'Create group' }));
    await waitFor(() => expect(screen.getByLabelText('Percent off, discount 1')).toHaveAccessibleDescription('A discount is 1 to 90 percent'));
    expect(screen.getByLabelText('Category, discount 2')).toHaveAccessibleDescription('Each category may have one discount');
    expect(screen.getByLabelText('Category, discount 1')).not.toHaveAttribute('aria-invalid');
    expect(sent).toEqual([]);

    type('Percent off, discount 1', '9');
    type('Category, discount 2', PIPE);
    fireEvent.click(screen.getByRole('button', { name: 'Create group' }));
    await waitFor(() => expect(screen.getByLabelText('Category, discount 2')).toHaveAccessibleDescription('No such category'));
    expect(screen.getByLabelText('Category, discount 2')).toHaveAttribute('aria-invalid', 'true');

    answer = () => failure(409, 'A group with this name exists');
    fireEvent.click(screen.getByRole('button', { name: 'Create group' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A group with this name exists');
    expect(sent).toHaveLength(2);
    // Removing a discount renumbers the rest.
    fireEvent.click(screen.getByRole('button', { name: 'Remove discount 1' }));
    expect(screen.getByLabelText('Category, discount 1')).toHaveValue(PIPE);
    expect(screen.queryByLabelText('Category, discount 2')).not.toBeInTheDocument();
  });

  it('edits a group with every field as set, sending the version it was loaded at', async () => {
    const sent = groupsApi();
    const success = vi.spyOn(toast, 'success');
    renderRoutes(routes, '/admin/customer-groups');
    fireEvent.click(await screen.findByRole('link', { name: 'Trade' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Trade' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Name')).toHaveValue('Trade');
    expect(screen.getByRole('checkbox', { name: 'Apply the shop’s 20 % cart discount' })).not.toBeChecked();
    expect(screen.getByLabelText('Category, discount 1')).toHaveValue(FITTINGS);
    expect(screen.getByLabelText('Percent off, discount 2')).toHaveValue('15');

    type('Percent off, discount 2', '20');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Customer group Trade updated'));
    expect(sent).toEqual([
      {
        name: 'Trade',
        cartDiscount: false,
        categoryDiscounts: [
          { categoryId: FITTINGS, percent: 10 },
          { categoryId: ELBOWS, percent: 20 },
        ],
        version: 2,
      },
    ]);
  });

  it('a save someone else’s overtook (409) keeps the typing, and loads the latest on request', async () => {
    const latest = { ...trade, name: 'Trade accounts', categoryDiscounts: [{ categoryId: PIPE, percent: 7 }], version: 3 };
    const sent = groupsApi(undefined, () =>
      HttpResponse.json({ success: false, message: 'This changed since you opened it: reload to see the latest', data: { group: latest } }, { status: 409 }),
    );
    renderRoutes(routes, `/admin/customer-groups/${trade._id}`);
    await screen.findByRole('heading', { level: 1, name: 'Edit Trade' });
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Trade plus' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This changed since you opened it: reload to see the latest');
    expect(screen.getByRole('status')).toHaveTextContent('Someone saved this customer group after you opened it');
    expect(screen.getByLabelText('Name')).toHaveValue('Trade plus');
    expect(sent[0].version).toBe(2);

    fireEvent.click(screen.getByRole('button', { name: 'Load the latest' }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Trade accounts'));
    expect(screen.getByLabelText('Category, discount 1')).toHaveValue(PIPE);
    expect(screen.queryByLabelText('Category, discount 2')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load the latest' })).not.toBeInTheDocument();
  });

  it('deletes a group after asking, and goes back to the list', async () => {
    const deleted: string[] = [];
    const success = vi.spyOn(toast, 'success');
    groupsApi();
    server.use(
      http.delete('*/api/admin/customer-group/:id', ({ params }) => {
        deleted.push(params.id as string);
        return envelope({}, 'Customer group deleted');
      }),
    );
    const { router } = renderRoutes(routes, `/admin/customer-groups/${contractors._id}`);
    await screen.findByRole('heading', { level: 1, name: 'Edit Contractors' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete Contractors?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleted).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete Contractors?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete it' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/customer-groups'));
    expect(deleted).toEqual([contractors._id]);
    expect(success).toHaveBeenCalledWith('Customer group Contractors deleted');
  });

  it('shows the server’s refusal to delete a group with members (409), and stays', async () => {
    groupsApi();
    server.use(http.delete('*/api/admin/customer-group/:id', () => failure(409, 'This group has 3 members: move them to another group first')));
    const { router } = renderRoutes(routes, `/admin/customer-groups/${trade._id}`);
    await screen.findByRole('heading', { level: 1, name: 'Edit Trade' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Delete Trade?' })).getByRole('button', { name: 'Yes, delete it' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This group has 3 members: move them to another group first');
    expect(router.state.location.pathname).toBe(`/admin/customer-groups/${trade._id}`);
  });

  it('says when no group has that id', async () => {
    groupsApi();
    renderRoutes(routes, `/admin/customer-groups/${'z'.padStart(24, '0')}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Customer group not found');
  });
});
