import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { routes } from '@/app/router';
import { useLocalStore } from '@/features/cart/local-store';
import type { DeliveryOption } from '@/features/orders';
import { type DeliveryMethodsFor, ORDER_NUMBER, ORDER_TOKEN, order, type QuoteAsked, quoteHandler, refusal, STANDARD_DELIVERY } from '@/testing/orders';
import { catalogueHandlers, envelope, itemHandlers, product, server } from '@/testing/server';
import { renderRoutes, resetStores } from '@/testing/render';

// Checkout's delivery methods (docs/DESIGN.md §10): the options the quote offers for the
// postcode, the one chosen priced in the summary and sent with the order, and the
// refusals when none can take it.

const RADIATOR = product({ _id: '7'.padStart(24, '0'), name: 'Compact Radiator', price: 200, discountedPrice: 200, stock: 10 });
const NEXT_DAY: DeliveryOption = { _id: 'b'.padStart(24, '0'), name: 'Next-day', price: null, available: false, reason: 'Too heavy for this method' };
const PALLET: DeliveryOption = { _id: 'c'.padStart(24, '0'), name: 'Pallet', price: 900, available: true, reason: null };
const HIGHLANDS: DeliveryOption = { _id: 'd'.padStart(24, '0'), name: 'Highlands and islands', price: 300, available: true, reason: null };
const NOT_DELIVERED = 'We do not deliver to this postcode';

/** The demo's methods for three radiators: Highlands and islands only for IV postcodes,
 * and nothing at all for ZZ ones. */
const methods: DeliveryMethodsFor = (postcode) => {
  if (postcode?.toUpperCase().startsWith('ZZ')) return { field: 'postcode', message: NOT_DELIVERED };
  const everywhere = [STANDARD_DELIVERY, NEXT_DAY, PALLET];
  return postcode?.toUpperCase().startsWith('IV') ? [...everywhere, HIGHLANDS] : everywhere;
};

const summary = (which: 'delivery' | 'total') => screen.getByTestId(`summary-${which}`);
const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const methodsGroup = () => screen.getByRole('group', { name: 'Delivery method' });
const method = (name: RegExp) => within(methodsGroup()).getByRole('radio', { name });

/** Opens checkout with three radiators (600, −120) in a guest's cart, on Delivery, and
 * waits for the default method's figures: 480 + 100. */
async function deliveryCheckout(asked: QuoteAsked, sent: unknown[] = [], answer: () => Response = placed) {
  server.use(
    ...itemHandlers({ products: [RADIATOR] }),
    quoteHandler([RADIATOR], { asked, methods }),
    ...catalogueHandlers,
    http.post('*/api/order', async ({ request }) => {
      sent.push(await request.json());
      return answer();
    }),
    http.get(`*/api/order/${ORDER_NUMBER}`, () => envelope({ order: order({ fulfilment: 'delivery' }) })),
  );
  useLocalStore.getState().addToCart({ productId: RADIATOR._id }, 3);
  renderRoutes(routes, '/checkout');
  fireEvent.click(await screen.findByRole('radio', { name: 'Delivery' }));
  await waitFor(() => expect(summary('total')).toHaveTextContent('₹580.00'));
}

const placed = () => HttpResponse.json({ success: true, message: 'Order placed', data: { order: order({ fulfilment: 'delivery' }), token: ORDER_TOKEN } }, { status: 201 });

function fillDelivery() {
  type(/First Name/, 'Grace');
  type(/Street Address/, '1 Harbour Road');
  type(/Town\/City/, 'Inverness');
  type(/Phone Number/, '+15550100');
  type(/Email Address/, 'grace@example.com');
  fireEvent.click(screen.getByRole('radio', { name: 'Cash On Delivery' }));
}

beforeAll(() => Promise.all([import('@/app/layouts/main-layout'), import('./checkout'), import('./order')]));
afterEach(resetStores);

describe('Checkout’s delivery methods', () => {
  it('offers the methods with their prices, the one that cannot carry the cart disabled with why', async () => {
    await deliveryCheckout([]);
    expect(method(/Standard delivery/)).toBeChecked();
    expect(within(methodsGroup()).getByText('₹100.00')).toBeInTheDocument();
    expect(method(/Next-day/)).toBeDisabled();
    expect(within(methodsGroup()).getByText('Too heavy for this method')).toBeInTheDocument();
    expect(method(/Pallet/)).not.toBeChecked();
    expect(within(methodsGroup()).queryByRole('radio', { name: /Highlands/ })).not.toBeInTheDocument();
  });

  it('prices the method chosen and sends it with the order, with the postcode and country', async () => {
    const asked: QuoteAsked = [];
    const sent: { deliveryMethodId?: string; contact: Record<string, string> }[] = [];
    await deliveryCheckout(asked, sent);
    fireEvent.click(method(/Pallet/));
    await waitFor(() => expect(summary('delivery')).toHaveTextContent('₹900.00'));
    expect(summary('total')).toHaveTextContent('₹1380.00');
    expect(method(/Pallet/)).toBeChecked();
    expect(asked.at(-1)).toMatchObject({ fulfilment: 'delivery', deliveryMethodId: PALLET._id, country: 'GB' });

    // A Highlands postcode, once the field is left, brings its method.
    fillDelivery();
    type(/Postcode/, 'IV2 3AB');
    fireEvent.blur(screen.getByLabelText(/Postcode/));
    expect(await within(methodsGroup()).findByRole('radio', { name: /Highlands and islands/ })).toBeEnabled();
    expect(asked.at(-1)).toMatchObject({ postcode: 'IV2 3AB', deliveryMethodId: PALLET._id });
    expect(method(/Pallet/)).toBeChecked();

    fireEvent.click(screen.getByRole('button', { name: 'Go to Checkout' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].deliveryMethodId).toBe(PALLET._id);
    expect(sent[0].contact).toMatchObject({ postcode: 'IV2 3AB', country: 'GB', townCity: 'Inverness' });
  });

  it('says when no method serves the postcode, and shows no total until one does', async () => {
    await deliveryCheckout([]);
    type(/Postcode/, 'ZZ1 1ZZ');
    fireEvent.blur(screen.getByLabelText(/Postcode/));
    expect(await within(methodsGroup()).findByRole('alert')).toHaveTextContent(NOT_DELIVERED);
    expect(screen.queryByTestId('summary-total')).not.toBeInTheDocument();
    expect(screen.getByText('Your total shows once a delivery method can take the order.')).toBeInTheDocument();
    type(/Postcode/, 'IV2 3AB');
    fireEvent.blur(screen.getByLabelText(/Postcode/));
    await waitFor(() => expect(summary('total')).toHaveTextContent('₹580.00'));
  });

  it('shows an order’s delivery refusal under the postcode', async () => {
    const refused = () => refusal(422, NOT_DELIVERED, { postcode: NOT_DELIVERED }, 'delivery_unavailable');
    await deliveryCheckout([], [], refused);
    fillDelivery();
    fireEvent.click(screen.getByRole('button', { name: 'Go to Checkout' }));
    expect(await screen.findByText(NOT_DELIVERED)).toBeInTheDocument();
    expect(screen.getByLabelText(/Postcode/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks a postcode when it is left, and asks no quote for one that cannot be', async () => {
    const asked: QuoteAsked = [];
    await deliveryCheckout(asked);
    const before = asked.length;
    type(/Postcode/, 'IV2/3AB');
    fireEvent.blur(screen.getByLabelText(/Postcode/));
    expect(await screen.findByText('A postcode is letters, digits, spaces or hyphens')).toBeInTheDocument();
    expect(asked).toHaveLength(before);
    expect(method(/Standard delivery/)).toBeChecked();
  });

  it('says under the methods why the order refused its method', async () => {
    const choose = () => refusal(400, 'Choose a delivery method', { deliveryMethodId: 'Choose a delivery method' }, 'invalid_fields');
    await deliveryCheckout([], [], choose);
    fillDelivery();
    fireEvent.click(screen.getByRole('button', { name: 'Go to Checkout' }));
    expect(await within(methodsGroup()).findByRole('alert')).toHaveTextContent('Choose a delivery method');
    fireEvent.click(method(/Pallet/));
    expect(within(methodsGroup()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends a postcode typed but not left, without the method offered for the one before', async () => {
    const asked: QuoteAsked = [];
    const sent: { deliveryMethodId?: string; contact: Record<string, string> }[] = [];
    await deliveryCheckout(asked, sent);
    fillDelivery();
    type(/Postcode/, 'IV2 3AB');
    fireEvent.click(screen.getByRole('button', { name: 'Go to Checkout' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].contact.postcode).toBe('IV2 3AB');
    expect(sent[0].deliveryMethodId).toBeUndefined();
  });
});
