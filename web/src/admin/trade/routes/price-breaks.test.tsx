import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { toast } from 'sonner';
import { routes } from '@/admin/app/router';
import type { AdminProduct, AudienceBreaks, Category, CustomerGroup, PriceBreaksRequest } from '@/api/types';
import { adminProduct, adminProductHandler, signInAsAdmin, stockHistoryHandler } from '@/testing/admin';
import { refusal } from '@/testing/orders';
import { renderRoutes, resetStores } from '@/testing/render';
import { envelope, failure, server } from '@/testing/server';

const FITTINGS = 'a'.repeat(24);
const ELBOWS = 'b'.repeat(24);
const shopCategories: Category[] = [{ _id: FITTINGS, title: 'Fittings', version: 1, subCategories: [{ _id: ELBOWS, title: 'Elbows', version: 1 }], maxDiscountPercentage: 0 }];
const ID = '9'.padStart(24, '0');
const ELBOW_15 = 'v1'.padStart(24, '0');
const TRADE_ID = 'g1'.padStart(24, '0');
const GROUPS: CustomerGroup[] = [
  { _id: TRADE_ID, name: 'Trade', categoryDiscounts: [], cartDiscount: false, members: 3, version: 1 },
  { _id: 'g2'.padStart(24, '0'), name: 'Contractors', categoryDiscounts: [], cartDiscount: true, members: 0, version: 1 },
];

/** The product page's saved product: an elbow in two sizes. */
const elbow = (): AdminProduct => ({
  ...adminProduct({ _id: ID, name: 'Compression Elbow', price: 4.2, stock: 8, images: [], category: { _id: FITTINGS, title: 'Fittings' }, subCategory: { _id: ELBOWS, title: 'Elbows' } }),
  options: [{ name: 'Size', values: ['15 mm', '22 mm'] }],
  variants: [
    { _id: ELBOW_15, sku: 'ELB-15', options: { Size: '15 mm' }, price: 4.2, discountPercentage: 0, discountedPrice: 4.2, stock: 6, weightGrams: 80, image: null, position: 0, priceBreaks: [] },
    { _id: 'v2'.padStart(24, '0'), sku: 'ELB-22', options: { Size: '22 mm' }, price: 5.1, discountPercentage: 0, discountedPrice: 5.1, stock: 2, weightGrams: 90, image: null, position: 1, priceBreaks: [] },
  ],
  unit: 'each',
  packSize: null,
  minQuantity: 1,
  quantityStep: 1,
});

beforeEach(signInAsAdmin);
afterEach(resetStores);

/** The product page over the elbow, and each variant's breaks over `start`, replaced
 * audience by audience as the server does unless `answer` answers first. `sent` records
 * each PUT of breaks (with its variant), `productSaves` any save of the product itself. */
function breaksApi(start: AudienceBreaks[] = [{ groupId: null, breaks: [{ minQuantity: 10, price: 3.9 }] }], answer?: () => Response | undefined) {
  let audiences = [...start];
  const sent: { variantId: string; body: PriceBreaksRequest }[] = [];
  const productSaves: unknown[] = [];
  server.use(
    stockHistoryHandler(() => []),
    http.get('*/api/category', () => envelope({ categories: shopCategories })),
    adminProductHandler(elbow),
    http.put('*/api/admin/product/:id', async ({ request }) => {
      productSaves.push(await request.json());
      return failure(500, 'The product form should not be sent');
    }),
    http.get('*/api/admin/customer-group', () => envelope({ groups: GROUPS }, 'Customer groups')),
    http.get('*/api/admin/variant/:id/price-break', () => envelope({ priceBreaks: audiences }, 'Price breaks')),
    http.put('*/api/admin/variant/:id/price-break', async ({ request, params }) => {
      const body = (await request.json()) as PriceBreaksRequest;
      sent.push({ variantId: params.id as string, body });
      const answered = answer?.();
      if (answered) return answered;
      const groupId = body.groupId ?? null;
      audiences = audiences.filter((a) => (a.groupId ?? null) !== groupId);
      if (body.breaks?.length) audiences = groupId === null ? [{ groupId, breaks: body.breaks }, ...audiences] : [...audiences, { groupId, breaks: body.breaks }];
      return envelope({ priceBreaks: audiences }, 'Price breaks saved');
    }),
  );
  return { sent, productSaves };
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function openBreaks() {
  renderRoutes(routes, `/admin/products/${ID}`);
  fireEvent.click(await screen.findByRole('button', { name: 'Price breaks for ELB-15' }));
  const dialog = await screen.findByRole('dialog', { name: 'Price breaks for ELB-15' });
  await within(dialog).findByRole('form', { name: 'Everyone' });
  return dialog;
}

describe('Console price breaks', () => {
  it('offers breaks on each saved variant of the product page, and none on a new one', async () => {
    breaksApi();
    renderRoutes(routes, `/admin/products/${ID}`);
    await screen.findByRole('button', { name: 'Price breaks for ELB-15' });
    expect(screen.getAllByRole('button', { name: /^Price breaks for / }).map((button) => button.getAttribute('aria-label'))).toEqual(['Price breaks for ELB-15', 'Price breaks for ELB-22']);
    fireEvent.click(screen.getByRole('button', { name: 'Add variant' }));
    expect(screen.getByLabelText('SKU, variant 3')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Price breaks for / })).toHaveLength(2);
  });

  it('saves everyone’s breaks on their own, and the product form is not sent with them', async () => {
    const { sent, productSaves } = breaksApi();
    const success = vi.spyOn(toast, 'success');
    const dialog = await openBreaks();
    expect(within(dialog).getByLabelText('Break 1 from (units), Everyone')).toHaveValue('10');
    expect(within(dialog).getByLabelText('Break 1 unit price (₹), Everyone')).toHaveValue('3.9');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a break for Everyone' }));
    type('Break 2 from (units), Everyone', '25');
    type('Break 2 unit price (₹), Everyone', '3.50');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save breaks for Everyone' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Price breaks for Everyone saved'));
    expect(sent).toEqual([
      {
        variantId: ELBOW_15,
        body: {
          groupId: null,
          breaks: [
            { minQuantity: 10, price: 3.9 },
            { minQuantity: 25, price: 3.5 },
          ],
        },
      },
    ]);
    expect(productSaves).toEqual([]);
    // The saved breaks, as the server answered them.
    await waitFor(() => expect(within(dialog).getByLabelText('Break 2 unit price (₹), Everyone')).toHaveValue('3.5'));
  });

  it('adds a group’s breaks, and removes everyone’s by saving none', async () => {
    const { sent } = breaksApi();
    const dialog = await openBreaks();
    const choose = within(dialog).getByLabelText('Breaks for a customer group');
    expect(within(choose).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a group', 'Trade', 'Contractors']);
    fireEvent.change(choose, { target: { value: TRADE_ID } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add group' }));
    const tradeForm = within(dialog).getByRole('form', { name: 'Trade' });
    expect(within(tradeForm).getByText('No breaks: the group pays one unit price at any quantity.')).toBeInTheDocument();
    // A group with breaks is no longer offered.
    expect(within(within(dialog).getByLabelText('Breaks for a customer group')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a group', 'Contractors']);

    fireEvent.click(within(tradeForm).getByRole('button', { name: 'Add a break for Trade' }));
    type('Break 1 from (units), Trade', '5');
    type('Break 1 unit price (₹), Trade', '3.60');
    fireEvent.click(within(tradeForm).getByRole('button', { name: 'Save breaks for Trade' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body).toEqual({ groupId: TRADE_ID, breaks: [{ minQuantity: 5, price: 3.6 }] });

    const everyone = within(dialog).getByRole('form', { name: 'Everyone' });
    fireEvent.click(within(everyone).getByRole('button', { name: 'Remove break 1, Everyone' }));
    fireEvent.click(within(everyone).getByRole('button', { name: 'Save breaks for Everyone' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1].body).toEqual({ groupId: null, breaks: [] });
    await waitFor(() => expect(within(within(dialog).getByRole('form', { name: 'Trade' })).getByLabelText('Break 1 from (units), Trade')).toHaveValue('5'));
  });

  it('checks the breaks before sending, and shows the server’s refusal on the break it names', async () => {
    const { sent } = breaksApi(undefined, () => refusal(400, 'Each break costs less than the one before', { 'breaks[1].price': 'Each break costs less than the one before' }));
    const dialog = await openBreaks();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a break for Everyone' }));
    type('Break 2 from (units), Everyone', '10');
    type('Break 2 unit price (₹), Everyone', '4.10');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save breaks for Everyone' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Break 2 from (units), Everyone')).toHaveAccessibleDescription('Each break starts at more units than the one before'));
    expect(within(dialog).getByLabelText('Break 2 unit price (₹), Everyone')).toHaveAccessibleDescription('Each break costs less than the one before');
    expect(sent).toEqual([]);

    // The server still refuses (say another administrator changed the price under it).
    type('Break 2 from (units), Everyone', '20');
    type('Break 2 unit price (₹), Everyone', '3.80');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save breaks for Everyone' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    await waitFor(() => expect(within(dialog).getByLabelText('Break 2 unit price (₹), Everyone')).toHaveAccessibleDescription('Each break costs less than the one before'));
    expect(within(dialog).getByLabelText('Break 2 unit price (₹), Everyone')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Break 2 from (units), Everyone')).not.toHaveAttribute('aria-invalid');
  });

  it('allows at most ten breaks an audience', async () => {
    breaksApi([{ groupId: null, breaks: Array.from({ length: 9 }, (_, i) => ({ minQuantity: 2 + i, price: 20 - i })) }]);
    const dialog = await openBreaks();
    const add = within(dialog).getByRole('button', { name: 'Add a break for Everyone' });
    expect(add).toBeEnabled();
    fireEvent.click(add);
    expect(within(dialog).getByLabelText('Break 10 from (units), Everyone')).toBeInTheDocument();
    expect(add).toBeDisabled();
  });
});
