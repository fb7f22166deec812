import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { toast } from '@/lib/toast';
import { routes } from '@/app/router';
import type { Item } from '@/api/types';
import { useAuth } from '@/features/auth/store';
import { useLocalStore } from '@/features/cart/local-store';
import type { Order } from '@/features/orders';
import { usePromoCodeStore } from '@/features/checkout/promo-code-store';
import { ORDER_NUMBER, ORDER_TOKEN, order, STANDARD_DELIVERY, promoRefusal, type QuoteAsked, quoteHandler, refusal } from '@/testing/orders';
import { catalogueHandlers, envelope, failure, gate, item, itemHandlers, ONE_VARIANT, product, server, shopHandler, unexpected, user } from '@/testing/server';
import { renderRoutes, resetStores } from '@/testing/render';
import { PHONE_INVALID } from '@/lib/phone';

const VALVE = product({ _id: '1'.padStart(24, '0'), name: 'Brass Angle Valve', price: 12.5, discountedPrice: 12.5, stock: 3 });
const SHOWER = product({ _id: '2'.padStart(24, '0'), name: 'Rain Shower Head', price: 40, discountPercentage: 25, discountedPrice: 30, stock: 10 });

const REQUIRED = ['First name is required', 'Street address is required', 'Town/City is required', 'Phone number is required', 'Email is required'];
const CARD_NOTE = 'Card payment is coming soon. Choose Cash On Delivery to place your order now.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
// The browser cart holds each line's variant, as the cart details answered it.
const GUEST_LINES = [
  { productId: VALVE._id, quantity: 2, variantId: ONE_VARIANT },
  { productId: SHOWER._id, quantity: 1, variantId: ONE_VARIANT },
];

const store = () => useLocalStore.getState();
const summary = (which: 'subtotal' | 'discount' | 'promo' | 'delivery' | 'total') => screen.getByTestId(`summary-${which}`);
const submitButton = () => screen.getByRole('button', { name: /Go to Checkout|Placing order\.\.\./ });
const line = (name: string) => within(screen.getByRole('list', { name: 'Items in your order' })).getByRole('listitem', { name });
const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const payCash = () => fireEvent.click(screen.getByRole('radio', { name: 'Cash On Delivery' }));

/** What POST /order was sent, in order. */
interface Sent {
  key: string | null;
  body: { fulfilment: string; contact: Record<string, string>; saveAddress: boolean; payment: unknown; items?: unknown; promoCode?: string };
}

/** The order the last `placed` answer placed: the confirmation page loads it again. */
let lastPlaced: Order = order();

/** POST /order answering each request with the next of `answers` (the last repeats),
 * and GET /order/{number} answering with the order placed. */
function orderHandler(answers: (() => Response | Promise<Response>)[], sent: Sent[] = []) {
  return [
    http.post('*/api/order', async ({ request }) => {
      sent.push({ key: request.headers.get('Idempotency-Key'), body: (await request.json()) as Sent['body'] });
      return answers[Math.min(sent.length, answers.length) - 1]();
    }),
    http.get(`*/api/order/${ORDER_NUMBER}`, () => envelope({ order: lastPlaced })),
  ];
}

/** 201 with `answer` and its token. */
const placed = (answer: Order = order()) => () => {
  lastPlaced = answer;
  return HttpResponse.json({ success: true, message: 'Order placed', data: { order: answer, token: ORDER_TOKEN } }, { status: 201 });
};

/** Renders checkout with the valve (2) and the shower head (1) in the guest's cart, and
 * waits for the server's figures for pickup: 2 × 12.50 + 30 = 55, −11, no fee = 44. */
async function guestCheckout() {
  store().addToCart({ productId: VALVE._id }, 2);
  store().addToCart({ productId: SHOWER._id }, 1);
  const view = renderRoutes(routes, '/checkout');
  await waitFor(() => expect(summary('total')).toHaveTextContent('₹44.00'));
  return view;
}

/** Fills pickup's contact block as a guest and chooses cash on delivery. */
function fillPickup() {
  type(/^Name/, 'Grace Hopper');
  type(/Phone Number/, '+15550100');
  type(/Email Address/, 'grace@example.com');
  payCash();
}

async function expectConfirmation() {
  expect(await screen.findByRole('heading', { level: 1, name: `Order #${ORDER_NUMBER}` })).toBeInTheDocument();
  expect(screen.getByText('We have e-mailed a confirmation to grace@example.com')).toBeInTheDocument();
}

// The pages' code is loaded once here, so that no test's first wait is spent on it.
beforeAll(() => Promise.all([import('@/app/layouts/main-layout'), import('./checkout'), import('./order')]));
afterEach(resetStores);

describe('Checkout page', () => {
  beforeEach(() => server.use(...itemHandlers({ products: [VALVE, SHOWER] }), quoteHandler([VALVE, SHOWER]), ...catalogueHandlers));

  it('starts on Pickup with a small contact block, the lines, and the server’s figures for pickup', async () => {
    await guestCheckout();
    expect(screen.getByRole('heading', { level: 1, name: 'Your CheckOut' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Pickup' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: 'Delivery' })).toHaveAttribute('aria-checked', 'false');
    expect(screen.queryByText('Contact Information')).not.toBeInTheDocument();
    const details = screen.getByRole('group', { name: 'Your details' });
    // A guest has nothing prefilled.
    expect(within(details).getByLabelText(/^Name/)).toHaveValue('');
    expect(within(details).getByLabelText(/Phone Number/)).toHaveValue('');
    expect(within(details).getByLabelText(/Email Address/)).toHaveValue('');
    expect(within(details).queryByLabelText(/Street Address/)).not.toBeInTheDocument();
    expect(line('Brass Angle Valve')).toHaveTextContent('Brass Angle Valve × 2₹25.00');
    expect(line('Rain Shower Head')).toHaveTextContent('Rain Shower Head × 1₹30.00');
    expect(screen.getByText('Discount (-20%)')).toBeInTheDocument();
    expect(summary('subtotal')).toHaveTextContent('₹55.00');
    expect(summary('discount')).toHaveTextContent('-₹11.00');
    expect(summary('delivery')).toHaveTextContent('₹0.00');
  });

  it('says where to collect when the shop has said so (docs/DESIGN.md §15)', async () => {
    server.use(shopHandler({ pickup: { name: 'Main branch', address: '1 Example Street\nExampletown', openingHours: 'Mon–Fri 7–17', instructions: '' } }));
    await guestCheckout();
    const details = screen.getByRole('group', { name: 'Your details' });
    expect(await within(details).findByText('Main branch')).toBeInTheDocument();
    expect(within(details).getByText('Address').nextElementSibling).toHaveTextContent('1 Example Street Exampletown');
    expect(within(details).getByText('Mon–Fri 7–17')).toBeInTheDocument();
    expect(within(details).queryByText('How to collect')).not.toBeInTheDocument();
  });

  it('keeps Bank visible but waits for card payments, and places with Cash On Delivery', async () => {
    await guestCheckout();
    expect(screen.getByRole('radio', { name: /Bank/ })).toBeChecked();
    expect(submitButton()).toBeDisabled();
    expect(submitButton()).toHaveAccessibleDescription(CARD_NOTE);
    payCash();
    expect(screen.getByRole('radio', { name: 'Cash On Delivery' })).toBeChecked();
    expect(submitButton()).toBeEnabled();
    expect(screen.queryByText(CARD_NOTE)).not.toBeInTheDocument();
  });

  it('asks the server again when the mode changes, sending the guest’s lines', async () => {
    const asked: QuoteAsked = [];
    server.use(quoteHandler([VALVE, SHOWER], { asked }));
    await guestCheckout();
    fireEvent.click(screen.getByRole('radio', { name: 'Delivery' }));
    await waitFor(() => expect(summary('total')).toHaveTextContent('₹144.00'));
    expect(summary('delivery')).toHaveTextContent('₹100.00');
    expect(asked).toEqual([
      { fulfilment: 'pickup', items: GUEST_LINES },
      // The shop's own country until the shopper picks another (docs/DESIGN.md §10).
      { fulfilment: 'delivery', items: GUEST_LINES, country: 'GB' },
    ]);
  });

  it('flags the lines the quote says cannot be met', async () => {
    server.use(quoteHandler([{ ...VALVE, stock: 1 }, SHOWER]));
    await guestCheckout();
    expect(line('Brass Angle Valve')).toHaveTextContent('Only 1 left in stock');
    expect(line('Rain Shower Head')).not.toHaveTextContent('left in stock');
  });

  it('needs a name, phone and e-mail for pickup', async () => {
    const post = unexpected('post', '*/api/order');
    server.use(post.handler);
    await guestCheckout();
    payCash();
    fireEvent.click(submitButton());
    for (const message of ['Name is required', 'Phone number is required', 'Email is required']) expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');
    type(/Email Address/, 'grace@');
    fireEvent.click(submitButton());
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(submitButton()).toHaveTextContent('Go to Checkout');
    expect(post.calls).not.toHaveBeenCalled();
  });

  it('asks for each required contact field on a Delivery submit', async () => {
    const post = unexpected('post', '*/api/order');
    server.use(post.handler);
    await guestCheckout();
    fireEvent.click(screen.getByRole('radio', { name: 'Delivery' }));
    expect(screen.getByRole('radio', { name: 'Delivery' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('group', { name: 'Contact Information' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Your details' })).not.toBeInTheDocument();
    // A guest has nothing prefilled.
    expect(screen.getByLabelText(/Email Address/)).toHaveValue('');
    payCash();
    fireEvent.click(submitButton());
    for (const message of REQUIRED) expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText(/First Name/)).toHaveAttribute('aria-invalid', 'true');
    // The optional fields have no message.
    expect(screen.getByLabelText(/Company Name/)).not.toHaveAttribute('aria-invalid');
    expect(post.calls).not.toHaveBeenCalled();
  });

  it('places a guest’s pickup order with an Idempotency-Key, empties the cart and shows the confirmation', async () => {
    const sent: Sent[] = [];
    server.use(...orderHandler([placed()], sent));
    store().addToWishlist({ productId: SHOWER._id });
    const { router } = await guestCheckout();
    fillPickup();
    fireEvent.click(submitButton());
    await expectConfirmation();
    expect(sent).toHaveLength(1);
    expect(sent[0].key).toMatch(UUID);
    expect(sent[0].body).toEqual({
      fulfilment: 'pickup',
      contact: { firstName: 'Grace Hopper', phoneNumber: '+15550100', emailAddress: 'grace@example.com' },
      saveAddress: false,
      payment: { method: 'cod' },
      items: GUEST_LINES,
    });
    // The confirmation is an address of its own, so a reload shows it again.
    expect(router.state.location.pathname).toBe(`/orders/${ORDER_NUMBER}`);
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ token: ORDER_TOKEN, placed: '1' });
    expect(screen.getByRole('list', { name: 'Items' })).toHaveTextContent('Brass Angle Valve');
    expect(screen.getByRole('heading', { name: 'Pickup' })).toBeInTheDocument();
    await waitFor(() => expect(store().cart).toEqual([]));
    // Only the cart is emptied.
    expect(store().wishlist).toEqual([{ productId: SHOWER._id }]);
  });

  it('takes a phone number as people type it, and says the format it wants beside the field', async () => {
    const sent: Sent[] = [];
    server.use(...orderHandler([placed()], sent));
    await guestCheckout();
    fillPickup();
    const phone = screen.getByLabelText(/Phone Number/);
    expect(phone).toHaveAccessibleDescription('Include the country code, e.g. +44 7700 900123');
    type(/Phone Number/, '07700 900123');
    fireEvent.click(submitButton());
    expect(await screen.findByText(PHONE_INVALID)).toBeInTheDocument();
    expect(phone).toHaveAccessibleDescription(PHONE_INVALID);
    expect(sent).toHaveLength(0);
    type(/Phone Number/, '+44 7700 900123');
    fireEvent.click(submitButton());
    await expectConfirmation();
    // Sent as typed: the server strips and keeps the stripped number.
    expect(sent[0].body.contact.phoneNumber).toBe('+44 7700 900123');
  });

  it('places a delivery order with the Contact Information, typed in pickup and finished in delivery', async () => {
    const sent: Sent[] = [];
    server.use(...orderHandler([placed(order({ fulfilment: 'delivery' }))], sent));
    await guestCheckout();
    fillPickup();
    fireEvent.click(screen.getByRole('radio', { name: 'Delivery' }));
    // What pickup asked for carries over.
    expect(screen.getByLabelText(/Email Address/)).toHaveValue('grace@example.com');
    type(/First Name/, 'Grace');
    type(/Street Address/, '1 Harbour Road');
    type(/Town\/City/, 'Arlington');
    type(/Phone Number/, 'call me');
    fireEvent.click(submitButton());
    expect(await screen.findByText(PHONE_INVALID)).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    type(/Phone Number/, '+15550100');
    // A guest has no profile to save the address to.
    expect(screen.queryByRole('checkbox', { name: 'Save address to my profile' })).not.toBeInTheDocument();
    fireEvent.click(submitButton());
    await expectConfirmation();
    expect(sent[0].body).toEqual({
      fulfilment: 'delivery',
      contact: {
        firstName: 'Grace',
        companyName: '',
        streetAddress: '1 Harbour Road',
        apartment: '',
        townCity: 'Arlington',
        postcode: '',
        country: 'GB',
        phoneNumber: '+15550100',
        emailAddress: 'grace@example.com',
      },
      saveAddress: false,
      payment: { method: 'cod' },
      items: GUEST_LINES,
      // The method the summary's Delivery Fee is that of: the shop's default.
      deliveryMethodId: STANDARD_DELIVERY._id,
    });
  });

  it('says Placing order... while pending, and a double click sends one order', async () => {
    const { held, release } = gate();
    const sent: Sent[] = [];
    server.use(
      ...orderHandler(
        [
          async () => {
            await held;
            return placed()();
          },
        ],
        sent,
      ),
    );
    await guestCheckout();
    fillPickup();
    fireEvent.click(submitButton());
    fireEvent.click(submitButton());
    await waitFor(() => expect(submitButton()).toHaveTextContent('Placing order...'));
    expect(submitButton()).toBeDisabled();
    fireEvent.click(submitButton());
    release();
    await expectConfirmation();
    expect(sent).toHaveLength(1);
  });

  it('sends the same key again after a network error, and a new one once the form changes', async () => {
    const error = vi.spyOn(toast, 'error');
    const sent: Sent[] = [];
    server.use(...orderHandler([() => HttpResponse.error(), () => HttpResponse.error(), placed()], sent));
    await guestCheckout();
    fillPickup();
    fireEvent.click(submitButton());
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to place order. Please try again.'));
    await waitFor(() => expect(submitButton()).toBeEnabled());
    // Still here, with the cart as it was.
    expect(screen.getByRole('heading', { level: 1, name: 'Your CheckOut' })).toBeInTheDocument();
    expect(store().cart).toHaveLength(2);

    fireEvent.click(submitButton());
    await waitFor(() => expect(error).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(submitButton()).toBeEnabled());
    expect(sent[1].key).toBe(sent[0].key);

    type(/Phone Number/, '+15550199');
    fireEvent.click(submitButton());
    await expectConfirmation();
    expect(sent).toHaveLength(3);
    expect(sent[2].key).toMatch(UUID);
    expect(sent[2].key).not.toBe(sent[0].key);
  });

  it('marks the lines a 409 names, and keeps the shopper on the page', async () => {
    const error = vi.spyOn(toast, 'error');
    server.use(
      ...orderHandler([() => refusal(409, 'Some items are no longer available', { [VALVE._id]: 'Only 1 left in stock', [SHOWER._id]: 'This product is out of stock' }, 'out_of_stock')]),
    );
    await guestCheckout();
    fillPickup();
    fireEvent.click(submitButton());
    await waitFor(() => expect(line('Brass Angle Valve')).toHaveTextContent('Only 1 left in stock'));
    expect(line('Rain Shower Head')).toHaveTextContent('This product is out of stock');
    expect(error).toHaveBeenCalledWith('Some items are no longer available');
    expect(screen.getByRole('heading', { level: 1, name: 'Your CheckOut' })).toBeInTheDocument();
    expect(store().cart).toHaveLength(2);
  });

  it('shows the server’s field messages on the fields', async () => {
    server.use(...orderHandler([() => refusal(400, 'Please check your details', { phoneNumber: 'Please enter a valid phone number' }, 'invalid_fields')]));
    await guestCheckout();
    fillPickup();
    fireEvent.click(submitButton());
    expect(await screen.findByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(screen.getByLabelText(/Phone Number/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('heading', { level: 1, name: 'Your CheckOut' })).toBeInTheDocument();
  });

  it('says any other refusal in the server’s words', async () => {
    const error = vi.spyOn(toast, 'error');
    server.use(...orderHandler([() => failure(422, 'Idempotency key reused with a different request', 'idempotency_key_reused')]));
    await guestCheckout();
    fillPickup();
    fireEvent.click(submitButton());
    await waitFor(() => expect(error).toHaveBeenCalledWith('Idempotency key reused with a different request'));
    expect(store().cart).toHaveLength(2);
  });

  it('disables the button when the cart is empty', async () => {
    renderRoutes(routes, '/checkout');
    expect(await screen.findByText(/Your cart is empty\./)).toBeInTheDocument();
    payCash();
    expect(submitButton()).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/shop');
    expect(summary('total')).toHaveTextContent('₹0.00');
    expect(summary('delivery')).toHaveTextContent('₹0.00');
  });

  it('says when the cart cannot be loaded, and tries again, instead of calling it empty', async () => {
    let calls = 0;
    server.use(
      http.post('*/api/user/cart-detail', () => {
        calls += 1;
        return calls === 1 ? failure(500, 'Failed to fetch cart details') : envelope({ products: [item(VALVE, { quantity: 1 })] });
      }),
    );
    store().addToCart({ productId: VALVE._id }, 2);
    renderRoutes(routes, '/checkout');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch cart details');
    expect(screen.queryByText(/Your cart is empty/)).not.toBeInTheDocument();
    payCash();
    expect(submitButton()).toBeDisabled();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(summary('subtotal')).toHaveTextContent('₹25.00'));
    expect(submitButton()).toBeEnabled();
  });
});

describe('Checkout page promo code', () => {
  beforeEach(() => server.use(...itemHandlers({ products: [VALVE, SHOWER] }), quoteHandler([VALVE, SHOWER], { promoCodes: { SAVE10: 10 } }), ...catalogueHandlers));

  /** Applies `code` in checkout's Order Summary. */
  function applyCode(code: string) {
    fireEvent.change(screen.getByRole('textbox', { name: 'Promo code' }), { target: { value: code } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
  }

  it('prices a code applied here in and sends it with the order, which then forgets it', async () => {
    const sent: Sent[] = [];
    server.use(...orderHandler([placed(order({ promoCode: 'SAVE10', promoDiscount: 4.4, total: 39.6 }))], sent));
    await guestCheckout();
    applyCode('save10');
    // 44 of goods after the 20 %; 10 % of them is 4.40.
    await waitFor(() => expect(summary('total')).toHaveTextContent('₹39.60'));
    expect(screen.getByText('Promo code SAVE10')).toBeInTheDocument();
    expect(summary('promo')).toHaveTextContent('-₹4.40');

    fillPickup();
    fireEvent.click(submitButton());
    await expectConfirmation();
    expect(sent[0].body.promoCode).toBe('SAVE10');
    // The confirmation shows what the code took off.
    const totals = screen.getByLabelText('Order totals');
    expect(within(totals).getByText('Promo code SAVE10')).toBeInTheDocument();
    expect(within(totals).getByText('-₹4.40')).toBeInTheDocument();
    expect(usePromoCodeStore.getState().code).toBeNull();
  });

  it('drops a code the order refuses, says why, and places the next click as a new attempt without it', async () => {
    const error = vi.spyOn(toast, 'error');
    const sent: Sent[] = [];
    server.use(...orderHandler([() => promoRefusal('This promo code has been used up'), placed()], sent));
    usePromoCodeStore.getState().apply('SAVE10');
    store().addToCart({ productId: VALVE._id }, 2);
    store().addToCart({ productId: SHOWER._id }, 1);
    renderRoutes(routes, '/checkout');
    await waitFor(() => expect(summary('total')).toHaveTextContent('₹39.60'));
    expect(screen.getByText('Promo code SAVE10')).toBeInTheDocument();

    fillPickup();
    fireEvent.click(submitButton());
    await waitFor(() => expect(error).toHaveBeenCalledWith('This promo code has been used up'));
    expect(screen.getByRole('alert')).toHaveTextContent('This promo code has been used up');
    expect(screen.queryByText('Promo code SAVE10')).not.toBeInTheDocument();
    await waitFor(() => expect(summary('total')).toHaveTextContent('₹44.00'));
    expect(sent[0].body.promoCode).toBe('SAVE10');
    // Nothing was placed: the shopper is still here, with the cart as it was.
    expect(screen.getByRole('heading', { level: 1, name: 'Your CheckOut' })).toBeInTheDocument();
    expect(store().cart).toHaveLength(2);

    await waitFor(() => expect(submitButton()).toBeEnabled());
    fireEvent.click(submitButton());
    await expectConfirmation();
    expect(sent).toHaveLength(2);
    expect(sent[1].body).not.toHaveProperty('promoCode');
    expect(sent[1].key).toMatch(UUID);
    expect(sent[1].key).not.toBe(sent[0].key);
  });
});

describe('Checkout page (signed in)', () => {
  const CART_ENTRY = item(SHOWER, { _id: 'c1'.padStart(24, '0'), quantity: 3 });

  /** The server cart holds three shower heads until an order empties it. */
  function signedInHandlers({ address = null }: { address?: Record<string, string> | null } = {}) {
    let cart: Item[] = [CART_ENTRY];
    const cartLoads = vi.fn();
    const addressLoads = vi.fn();
    const asked: QuoteAsked = [];
    server.use(
      http.get('*/api/user/item', ({ request }) => {
        if (new URL(request.url).searchParams.get('type') !== 'cart') return envelope([]);
        cartLoads();
        return envelope(cart);
      }),
      http.get('*/api/user/address', () => {
        addressLoads();
        return envelope({ address });
      }),
      quoteHandler([SHOWER], { serverCart: () => cart.map(({ productId, quantity }) => ({ productId, quantity })), asked }),
      ...catalogueHandlers,
    );
    return { cartLoads, addressLoads, asked, emptyCart: () => (cart = []) };
  }

  beforeEach(() => useAuth.getState().signIn(user({ fullName: 'Ada Lovelace', phoneNumber: '+447700900123', emailAddress: 'ada@example.com' }), 'token-123'));

  it('prefills the contact details from the profile and totals the server cart', async () => {
    const { asked } = signedInHandlers();
    renderRoutes(routes, '/checkout');
    // 3 × 30 = 90, −18, no fee for pickup = 72.
    await waitFor(() => expect(summary('total')).toHaveTextContent('₹72.00'));
    expect(summary('discount')).toHaveTextContent('-₹18.00');
    // The server reads its own cart: no lines are sent.
    expect(asked).toEqual([{ fulfilment: 'pickup' }]);
    const details = screen.getByRole('group', { name: 'Your details' });
    expect(within(details).getByLabelText(/^Name/)).toHaveValue('Ada Lovelace');
    expect(within(details).getByLabelText(/Phone Number/)).toHaveValue('+447700900123');
    expect(within(details).getByLabelText(/Email Address/)).toHaveValue('ada@example.com');

    fireEvent.click(screen.getByRole('radio', { name: 'Delivery' }));
    const contact = screen.getByRole('group', { name: 'Contact Information' });
    expect(within(contact).getByLabelText(/Email Address/)).toHaveValue('ada@example.com');
    expect(within(contact).getByLabelText(/First Name/)).toHaveValue('Ada');
    expect(within(contact).getByLabelText(/Phone Number/)).toHaveValue('+447700900123');
    expect(within(contact).getByLabelText(/Street Address/)).toHaveValue('');
    await waitFor(() => expect(summary('total')).toHaveTextContent('₹172.00'));
  });

  it('prefills delivery from the saved address, and saves it again when asked', async () => {
    const address = {
      firstName: 'Ada',
      companyName: 'Analytical Engines',
      streetAddress: '12 St James’s Square',
      apartment: 'Floor 2',
      townCity: 'London',
      postcode: 'SW1Y 4LE',
      country: 'GB',
      phoneNumber: '+442079460958',
      emailAddress: 'ada@engines.example',
    };
    const { addressLoads } = signedInHandlers({ address });
    const sent: Sent[] = [];
    server.use(...orderHandler([placed(order({ fulfilment: 'delivery', contact: address }))], sent));
    renderRoutes(routes, '/checkout');
    await waitFor(() => expect(summary('total')).toHaveTextContent('₹72.00'));
    fireEvent.click(screen.getByRole('radio', { name: 'Delivery' }));
    const contact = screen.getByRole('group', { name: 'Contact Information' });
    await waitFor(() => expect(within(contact).getByLabelText(/Street Address/)).toHaveValue('12 St James’s Square'));
    expect(within(contact).getByLabelText(/Company Name/)).toHaveValue('Analytical Engines');
    expect(within(contact).getByLabelText(/Apartment floor etc\./)).toHaveValue('Floor 2');
    expect(within(contact).getByLabelText(/Town\/City/)).toHaveValue('London');
    expect(within(contact).getByLabelText(/Phone Number/)).toHaveValue('+442079460958');
    expect(within(contact).getByLabelText(/Email Address/)).toHaveValue('ada@engines.example');

    fireEvent.click(within(contact).getByRole('checkbox', { name: 'Save address to my profile' }));
    payCash();
    fireEvent.click(submitButton());
    expect(await screen.findByText('We have e-mailed a confirmation to ada@engines.example')).toBeInTheDocument();
    expect(sent[0].body).toMatchObject({ fulfilment: 'delivery', contact: address, saveAddress: true });
    expect(sent[0].body).not.toHaveProperty('items');
    // The saved address changed: the next checkout asks for it again.
    await waitFor(() => expect(addressLoads).toHaveBeenCalledTimes(2));
  });

  it('places the server cart’s order without lines, and loads the emptied cart again', async () => {
    const { cartLoads, emptyCart } = signedInHandlers();
    const sent: Sent[] = [];
    server.use(
      ...orderHandler(
        [
          () => {
            emptyCart();
            return placed(order({ contact: { ...order().contact, firstName: 'Ada Lovelace', emailAddress: 'ada@example.com' } }))();
          },
        ],
        sent,
      ),
    );
    renderRoutes(routes, '/checkout');
    await waitFor(() => expect(summary('total')).toHaveTextContent('₹72.00'));
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toBeInTheDocument();
    payCash();
    fireEvent.click(submitButton());
    expect(await screen.findByText('We have e-mailed a confirmation to ada@example.com')).toBeInTheDocument();
    expect(sent[0].key).toMatch(UUID);
    expect(sent[0].body).toEqual({
      fulfilment: 'pickup',
      contact: { firstName: 'Ada Lovelace', phoneNumber: '+447700900123', emailAddress: 'ada@example.com' },
      saveAddress: false,
      payment: { method: 'cod' },
    });
    // The server emptied the cart: the header's count follows once the cart is loaded again.
    expect(await screen.findByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument();
    expect(cartLoads.mock.calls.length).toBeGreaterThan(1);
  });
});
