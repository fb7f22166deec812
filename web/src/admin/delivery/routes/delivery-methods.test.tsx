import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import { routes } from '@/admin/app/router';
import type { DeliveryMethod, DeliveryMethodRequest, DeliveryPreview } from '@/api/types';
import { signInAsAdmin } from '@/testing/admin';
import { refusal } from '@/testing/orders';
import { renderRoutes, resetStores } from '@/testing/render';
import { envelope, failure, server } from '@/testing/server';
import { METHOD_MESSAGES } from '../delivery-schema';

beforeEach(signInAsAdmin);
afterEach(resetStores);

/** A method as the console lists it: by default the fresh shop's default, everywhere,
 * the spec's 100 for any weight. */
const method = (overrides: Partial<DeliveryMethod> = {}): DeliveryMethod => ({
  _id: '1'.padStart(24, '0'),
  name: 'Standard delivery',
  description: '',
  postcodePrefixes: [],
  rates: [{ upToGrams: null, price: 100 }],
  freeOver: null,
  active: true,
  position: 0,
  isDefault: true,
  version: 1,
  ...overrides,
});

const standard = method();
const nextDay = method({ _id: '2'.padStart(24, '0'), name: 'Next-day', description: 'Before noon', rates: [{ upToGrams: 30000, price: 250 }], freeOver: 500, position: 10, isDefault: false, version: 3 });
const pallet = method({ _id: '3'.padStart(24, '0'), name: 'Pallet', rates: [{ upToGrams: 1500, price: 90 }, { upToGrams: null, price: 900 }], position: 20, isDefault: false });
const highlands = method({ _id: '4'.padStart(24, '0'), name: 'Highlands and islands', postcodePrefixes: ['HS', 'IV', 'KW', 'ZE'], rates: [{ upToGrams: null, price: 300 }], position: 30, isDefault: false, active: false });
const DEMO = [standard, nextDay, pallet, highlands];

/** What the preview answers for a parcel, as the server would for the methods above:
 * nowhere for ZZ postcodes; Highlands and islands for IV; Next-day up to 30 kg. */
function previewOf(query: URLSearchParams): DeliveryPreview {
  const postcode = (query.get('postcode') ?? '').toUpperCase();
  if (postcode.startsWith('ZZ')) return { options: [], chosen: null, refusal: 'We do not deliver to this postcode' };
  const heavy = Number(query.get('weightGrams')) > 30000;
  const options = [
    { _id: standard._id, name: standard.name, price: 100, available: true, reason: null },
    heavy ? { _id: nextDay._id, name: nextDay.name, price: null, available: false, reason: 'Too heavy for this method' } : { _id: nextDay._id, name: nextDay.name, price: 250, available: true, reason: null },
    ...(postcode.startsWith('IV') ? [{ _id: highlands._id, name: highlands.name, price: 300, available: true, reason: null }] : []),
  ];
  return { options, chosen: standard._id, refusal: null };
}

/** GET /admin/delivery-method over `methods()`, and the preview (what it was asked goes in `asked`). */
function listPage(methods: () => DeliveryMethod[], asked: URLSearchParams[] = [], preview: (query: URLSearchParams) => DeliveryPreview = previewOf) {
  return [
    http.get('*/api/admin/delivery-method/preview', ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      return envelope(preview(query), 'Delivery preview');
    }),
    http.get('*/api/admin/delivery-method', () => envelope({ methods: methods() }, 'Delivery methods')),
  ];
}

/** POST or PUT of a method: what each was sent, answered by `answer` (by default the method saved). */
function saveHandler(method: 'post' | 'put', sent: DeliveryMethodRequest[], answer?: () => Response) {
  const path = method === 'post' ? '*/api/admin/delivery-method' : '*/api/admin/delivery-method/:id';
  return http[method](path, async ({ request, params }) => {
    const body = (await request.json()) as DeliveryMethodRequest;
    sent.push(body);
    if (answer) return answer();
    const saved = { ...standard, ...body, _id: (params.id as string) ?? 'n'.padStart(24, '0'), version: (body.version ?? 0) + 1 } as DeliveryMethod;
    return HttpResponse.json({ success: true, message: 'Delivery method saved', data: { method: saved } }, { status: method === 'post' ? 201 : 200 });
  });
}

const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const rows = () => within(screen.getByRole('region', { name: 'Delivery methods table' })).getAllByRole('row').slice(1);
/** A row as read: the name, then each cell (a cell's list as its items joined by ' | '). */
const rowText = (row: HTMLElement) => [
  within(row).getByRole('link').textContent,
  ...within(row)
    .getAllByRole('cell')
    .map((cell) => {
      const items = within(cell).queryAllByRole('listitem');
      return items.length > 0 ? items.map((item) => item.textContent).join(' | ') : cell.textContent;
    }),
];

describe('Console delivery methods list', () => {
  it('lists each method with where it goes, its rates, when it is free and whether it is on, the default marked', async () => {
    server.use(...listPage(() => DEMO));
    renderRoutes(routes, '/admin/delivery');
    expect(await screen.findByRole('heading', { level: 1, name: 'Delivery' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Next-day' })).toHaveAttribute('href', `/admin/delivery/${nextDay._id}`);
    expect(rows().map(rowText)).toEqual([
      ['Standard delivery', 'Everywhere', 'any weight: ₹100.00', 'Never', 'Yes'],
      ['Next-day', 'Everywhere', 'up to 30 kg: ₹250.00', '₹500.00', 'Yes'],
      ['Pallet', 'Everywhere', 'up to 1.5 kg: ₹90.00 | any weight: ₹900.00', 'Never', 'Yes'],
      ['Highlands and islands', 'HS, IV, KW, ZE', 'any weight: ₹300.00', 'Never', 'No'],
    ]);
    expect(rows().map((row) => within(row).queryByText('Default') !== null)).toEqual([true, false, false, false]);
    expect(screen.getByRole('link', { name: 'New delivery method' })).toHaveAttribute('href', '/admin/delivery/new');
    // The side navigation leads here.
    expect(within(screen.getAllByRole('navigation', { name: 'Console' })[0]).getByRole('link', { name: 'Delivery' })).toHaveAttribute('href', '/admin/delivery');
  });

  it('says when the methods cannot be loaded', async () => {
    server.use(...listPage(() => DEMO));
    // Added later, so it answers before the list above.
    server.use(http.get('*/api/admin/delivery-method', () => failure(500, 'Failed to load the delivery methods')));
    renderRoutes(routes, '/admin/delivery');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the delivery methods');
    // The preview does not depend on the list.
    expect(await screen.findByText('For no postcode and 1 kg these methods apply:')).toBeInTheDocument();
  });
});

describe('Console delivery method form', () => {
  it('creates a method: kilograms sent as grams, the prefixes split, a blank last band for any weight; then back to the list', async () => {
    const sent: DeliveryMethodRequest[] = [];
    const success = vi.spyOn(toast, 'success');
    server.use(...listPage(() => DEMO), saveHandler('post', sent));
    const { router } = renderRoutes(routes, '/admin/delivery');
    fireEvent.click(await screen.findByRole('link', { name: 'New delivery method' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'New delivery method' })).toBeInTheDocument();
    // A new method starts with one band for any weight, and no Remove button.
    expect(screen.getByLabelText('Band 1 up to (kg)')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Remove band 1' })).not.toBeInTheDocument();

    type('Name', '  Courier  ');
    type('Description (optional)', 'Tracked, two days');
    type('Postcode prefixes', ' iv, hs  ZE1,');
    type('Band 1 up to (kg)', '1.5');
    type('Band 1 price (₹)', '90');
    fireEvent.click(screen.getByRole('button', { name: 'Add band' }));
    type('Band 2 up to (kg)', '30.25');
    type('Band 2 price (₹)', '250.5');
    fireEvent.click(screen.getByRole('button', { name: 'Add band' }));
    type('Band 3 price (₹)', '900');
    type('Free over (₹, optional)', '1000');
    type('Position', '15');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Default: used when the shopper does not choose' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create delivery method' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/delivery'));
    expect(sent).toEqual([
      {
        name: 'Courier',
        description: 'Tracked, two days',
        postcodePrefixes: ['iv', 'hs', 'ZE1'],
        rates: [
          { upToGrams: 1500, price: 90 },
          { upToGrams: 30250, price: 250.5 },
          { upToGrams: null, price: 900 },
        ],
        freeOver: 1000,
        position: 15,
        active: true,
        isDefault: true,
      },
    ]);
    expect(success).toHaveBeenCalledWith('Delivery method Courier created');
  });

  it('checks the fields as the server does before sending', async () => {
    const sent: DeliveryMethodRequest[] = [];
    server.use(saveHandler('post', sent));
    renderRoutes(routes, '/admin/delivery/new');
    await screen.findByRole('heading', { level: 1, name: 'New delivery method' });
    type('Postcode prefixes', 'IV, I-V');
    type('Band 1 price (₹)', '1.234');
    fireEvent.click(screen.getByRole('button', { name: 'Add band' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add band' }));
    type('Band 2 up to (kg)', '5');
    type('Band 3 up to (kg)', '2');
    type('Band 3 price (₹)', '10');
    type('Position', '-1');
    fireEvent.click(screen.getByRole('button', { name: 'Create delivery method' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Postcode prefixes')).toHaveAccessibleDescription(expect.stringContaining('A prefix is 1 to 8 letters or digits'));
    expect(screen.getByLabelText('Band 1 up to (kg)')).toHaveAccessibleDescription('Only the last band may take any weight');
    expect(screen.getByLabelText('Band 1 price (₹)')).toHaveAccessibleDescription('An amount from 0 to 1000000, two decimals at most');
    expect(screen.getByLabelText('Band 2 price (₹)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Band 3 up to (kg)')).toHaveAccessibleDescription('Each band must be heavier than the one before');
    expect(screen.getByLabelText('Position')).toHaveAccessibleDescription(expect.stringContaining('A position from 0 to 1000000'));
    // Removing a band renumbers the rest.
    fireEvent.click(screen.getByRole('button', { name: 'Remove band 1' }));
    expect(screen.getByLabelText('Band 1 up to (kg)')).toHaveValue('5');
    expect(screen.queryByLabelText('Band 3 up to (kg)')).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('shows the server’s field errors on the fields they name, a band’s weight on that band', async () => {
    const sent: DeliveryMethodRequest[] = [];
    let answer = () => refusal(400, 'Please check the delivery method', { 'rates[1].upToGrams': 'A weight from 1 to 10000000 grams', 'postcodePrefixes[0]': 'A prefix is 1 to 8 letters or digits' });
    server.use(saveHandler('post', sent, () => answer()));
    renderRoutes(routes, '/admin/delivery/new');
    await screen.findByRole('heading', { level: 1, name: 'New delivery method' });
    type('Name', 'Courier');
    type('Postcode prefixes', 'IV');
    type('Band 1 up to (kg)', '2');
    type('Band 1 price (₹)', '5');
    fireEvent.click(screen.getByRole('button', { name: 'Add band' }));
    type('Band 2 up to (kg)', '3');
    type('Band 2 price (₹)', '6');
    fireEvent.click(screen.getByRole('button', { name: 'Create delivery method' }));
    // Said in the form's kilograms, not the server's grams.
    expect(await screen.findByText(METHOD_MESSAGES.weight)).toBeInTheDocument();
    expect(screen.getByLabelText('Band 2 up to (kg)')).toHaveAccessibleDescription(METHOD_MESSAGES.weight);
    expect(screen.getByLabelText('Band 2 up to (kg)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Band 1 up to (kg)')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Postcode prefixes')).toHaveAccessibleDescription(expect.stringContaining('A prefix is 1 to 8 letters or digits'));
    expect(screen.getByRole('alert')).toHaveTextContent('Please check the delivery method');

    answer = () => failure(409, 'A shop can have at most 50 delivery methods');
    fireEvent.click(screen.getByRole('button', { name: 'Create delivery method' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('A shop can have at most 50 delivery methods'));
    expect(sent).toHaveLength(2);
    expect(sent[0].rates).toEqual([
      { upToGrams: 2000, price: 5 },
      { upToGrams: 3000, price: 6 },
    ]);
  });

  it('edits a method with every field as set, sending the version it was loaded at', async () => {
    const sent: DeliveryMethodRequest[] = [];
    const success = vi.spyOn(toast, 'success');
    server.use(...listPage(() => DEMO), saveHandler('put', sent));
    const { router } = renderRoutes(routes, '/admin/delivery');
    fireEvent.click(await screen.findByRole('link', { name: 'Next-day' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Next-day' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Next-day');
    expect(screen.getByLabelText('Description (optional)')).toHaveValue('Before noon');
    expect(screen.getByLabelText('Postcode prefixes')).toHaveValue('');
    expect(screen.getByLabelText('Band 1 up to (kg)')).toHaveValue('30');
    expect(screen.getByLabelText('Band 1 price (₹)')).toHaveValue('250');
    expect(screen.getByLabelText('Free over (₹, optional)')).toHaveValue('500');
    expect(screen.getByLabelText('Position')).toHaveValue('10');
    expect(screen.getByRole('checkbox', { name: 'Active: offered at checkout' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Default: used when the shopper does not choose' })).not.toBeChecked();

    type('Band 1 price (₹)', '260');
    type('Free over (₹, optional)', '');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Active: offered at checkout' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/delivery'));
    expect(sent).toEqual([
      { name: 'Next-day', description: 'Before noon', postcodePrefixes: [], rates: [{ upToGrams: 30000, price: 260 }], freeOver: null, position: 10, active: false, isDefault: false, version: 3 },
    ]);
    expect(success).toHaveBeenCalledWith('Delivery method Next-day updated');
  });

  it('a save someone else’s overtook (409) keeps the typing, and loads the latest on request', async () => {
    const latest = { ...nextDay, rates: [{ upToGrams: 25000, price: 275 }], version: 4 };
    const sent: DeliveryMethodRequest[] = [];
    server.use(
      ...listPage(() => DEMO),
      saveHandler('put', sent, () => HttpResponse.json({ success: false, message: 'This changed since you opened it: reload to see the latest', data: { method: latest } }, { status: 409 })),
    );
    renderRoutes(routes, `/admin/delivery/${nextDay._id}`);
    await screen.findByRole('heading', { level: 1, name: 'Edit Next-day' });
    type('Band 1 price (₹)', '300');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This changed since you opened it: reload to see the latest');
    expect(screen.getByRole('status')).toHaveTextContent('Someone saved this delivery method after you opened it');
    expect(screen.getByLabelText('Band 1 price (₹)')).toHaveValue('300');
    expect(sent[0].version).toBe(3);

    fireEvent.click(screen.getByRole('button', { name: 'Load the latest' }));
    await waitFor(() => expect(screen.getByLabelText('Band 1 price (₹)')).toHaveValue('275'));
    expect(screen.getByLabelText('Band 1 up to (kg)')).toHaveValue('25');
    expect(screen.queryByRole('button', { name: 'Load the latest' })).not.toBeInTheDocument();
  });

  it('shows the default method without Delete, and a refusal to stop it being the default on that box', async () => {
    server.use(
      ...listPage(() => DEMO),
      saveHandler('put', [], () => refusal(400, 'Please check the delivery method', { isDefault: 'One method is always the default: make another method the default instead' })),
    );
    renderRoutes(routes, `/admin/delivery/${standard._id}`);
    await screen.findByRole('heading', { level: 1, name: 'Edit Standard delivery' });
    expect(screen.getByLabelText('Band 1 up to (kg)')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    const isDefault = screen.getByRole('checkbox', { name: 'Default: used when the shopper does not choose' });
    expect(isDefault).toBeChecked();
    fireEvent.click(isDefault);
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('One method is always the default: make another method the default instead')).toBeInTheDocument();
    expect(isDefault).toHaveAccessibleDescription('One method is always the default: make another method the default instead');
  });

  it('deletes a method after asking, and goes back to the list', async () => {
    const deleted: string[] = [];
    const success = vi.spyOn(toast, 'success');
    server.use(
      ...listPage(() => DEMO),
      http.delete('*/api/admin/delivery-method/:id', ({ params }) => {
        deleted.push(params.id as string);
        return envelope({}, 'Delivery method deleted');
      }),
    );
    const { router } = renderRoutes(routes, `/admin/delivery/${pallet._id}`);
    await screen.findByRole('heading', { level: 1, name: 'Edit Pallet' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete Pallet?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleted).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete Pallet?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete it' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/delivery'));
    expect(deleted).toEqual([pallet._id]);
    expect(success).toHaveBeenCalledWith('Delivery method Pallet deleted');
  });

  it('shows the server’s refusal to delete (409) and stays', async () => {
    server.use(
      ...listPage(() => DEMO),
      http.delete('*/api/admin/delivery-method/:id', () => failure(409, 'The default delivery method cannot be deleted')),
    );
    const { router } = renderRoutes(routes, `/admin/delivery/${pallet._id}`);
    await screen.findByRole('heading', { level: 1, name: 'Edit Pallet' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Delete Pallet?' })).getByRole('button', { name: 'Yes, delete it' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The default delivery method cannot be deleted');
    expect(router.state.location.pathname).toBe(`/admin/delivery/${pallet._id}`);
  });

  it('says when no method has that id', async () => {
    server.use(...listPage(() => DEMO));
    renderRoutes(routes, `/admin/delivery/${'z'.padStart(24, '0')}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Delivery method not found');
  });
});

describe('Console delivery preview', () => {
  it('asks for the parcel typed (weight in grams) and lists each method’s price or reason, the one used marked', async () => {
    const asked: URLSearchParams[] = [];
    server.use(...listPage(() => DEMO, asked));
    renderRoutes(routes, '/admin/delivery');
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(await within(preview).findByText('For no postcode and 1 kg these methods apply:')).toBeInTheDocument();
    expect(Object.fromEntries(asked[0])).toEqual({ weightGrams: '1000', goods: '0' });

    type('Postcode', 'IV1 2AB');
    type('Weight (kg)', '40.5');
    type('Goods (₹)', '120.50');
    expect(await within(preview).findByText('For postcode IV1 2AB and 40.5 kg these methods apply:')).toBeInTheDocument();
    await waitFor(() => expect(Object.fromEntries(asked.at(-1)!)).toEqual({ postcode: 'IV1 2AB', weightGrams: '40500', goods: '120.5' }));
    await waitFor(() =>
      expect(within(within(preview).getByRole('list', { name: 'Methods that apply' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
        'Standard delivery: ₹100.00 (used when the shopper does not choose)',
        'Next-day: Too heavy for this method',
        'Highlands and islands: ₹300.00',
      ]),
    );
    expect(within(preview).queryByRole('status')).not.toBeInTheDocument();
  });

  it('says why a checkout would be refused, and does not ask for what is not a parcel', async () => {
    const asked: URLSearchParams[] = [];
    server.use(...listPage(() => DEMO, asked));
    renderRoutes(routes, '/admin/delivery');
    const preview = await screen.findByRole('region', { name: 'Preview' });
    await within(preview).findByText('For no postcode and 1 kg these methods apply:');

    type('Postcode', 'ZZ9 9ZZ');
    expect(await within(preview).findByRole('status')).toHaveTextContent('We do not deliver to this postcode');
    expect(within(preview).queryByRole('list')).not.toBeInTheDocument();
    const before = asked.length;

    type('Weight (kg)', '2.5kg');
    type('Goods (₹)', '1.234');
    type('Postcode', 'IV1/2AB');
    expect(screen.getByLabelText('Weight (kg)')).toHaveAccessibleDescription('A weight from 0 to 10000 kg, three decimals at most');
    expect(screen.getByLabelText('Goods (₹)')).toHaveAccessibleDescription(expect.stringContaining('An amount from 0 to 1000000, two decimals at most'));
    expect(screen.getByLabelText('Postcode')).toHaveAccessibleDescription(expect.stringContaining('A postcode is letters, digits, spaces or hyphens'));
    // The last answer stays, and nothing more was asked.
    expect(within(preview).getByRole('status')).toHaveTextContent('We do not deliver to this postcode');
    expect(asked).toHaveLength(before);
  });
});
