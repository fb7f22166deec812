import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { toast } from '@/lib/toast';
import { routes } from '@/app/router';
import type { Item } from '@/api/types';
import { useAuth } from '@/features/auth/store';
import { useLocalStore } from '@/features/cart/local-store';
import type { Order } from '@/features/orders';
import { ORDER_NUMBER, ORDER_TOKEN, order, quoteHandler, refusal } from '@/testing/orders';
import { configHandler, fakeProvider, MANUAL_CONFIG, paymentMethod, recordRequests, savedCardsApi, TOKENIZE_URL } from '@/testing/payments';
import { renderRoutes, resetStores } from '@/testing/render';
import { catalogueHandlers, envelope, item, itemHandlers, product, server, unexpected, user } from '@/testing/server';

// Checkout with the test provider: Bank pays by card (a saved one, or a new one whose
// details go to the provider alone), a declined card can be swapped for another, and a
// card that needs 3-D Secure leaves for the bank's page.

const VALVE = product({ _id: '1'.padStart(24, '0'), name: 'Brass Angle Valve', price: 12.5, discountedPrice: 12.5, stock: 3 });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const DECLINED = 'Your card was declined.';
const PRICES_CHANGED = 'Prices changed while you were paying. Please check your order and try again.';

const VISA = paymentMethod({ _id: 'visa'.padStart(24, '0'), last4: '4242', primary: true, createdAt: '2026-03-01T10:00:00Z' });
const MASTERCARD = paymentMethod({ _id: 'mc'.padStart(24, '0'), brand: 'mastercard', last4: '4444', expMonth: 11, expYear: 2028, primary: false, createdAt: '2026-03-05T10:00:00Z' });

const submitButton = () => screen.getByRole('button', { name: /Go to Checkout|Placing order\.\.\./ });
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const cardSection = () => screen.getByRole('group', { name: 'Card' });
const cardAlert = () => within(cardSection()).queryByRole('alert');

/** What POST /order was sent, in order. */
interface Sent {
  key: string | null;
  body: { payment: unknown; items?: unknown; contact: Record<string, string> };
}

/** POST /order answering each request with the next of `answers` (the last repeats),
 * and GET /order/{number} answering with the order placed. */
function orderHandler(answers: (() => Response)[], sent: Sent[] = []) {
  let placed: Order = order();
  return [
    http.post('*/api/order', async ({ request }) => {
      sent.push({ key: request.headers.get('Idempotency-Key'), body: (await request.json()) as Sent['body'] });
      const answer = answers[Math.min(sent.length, answers.length) - 1]();
      if (answer.status === 201) placed = ((await answer.clone().json()) as { data: { order: Order } }).data.order;
      return answer;
    }),
    http.get(`*/api/order/${ORDER_NUMBER}`, () => envelope({ order: placed })),
  ];
}

const paidOrder = (overrides: Partial<Order> = {}) => order({ paymentMethod: 'card', card: { brand: 'visa', last4: '4242' }, paymentStatus: 'paid', ...overrides });

/** 201 with `answer`, its token, and any `extra` (the 3-D Secure step). */
const placed =
  (answer: Order = paidOrder(), extra: Record<string, unknown> = {}) =>
  () =>
    HttpResponse.json({ success: true, message: 'Order placed', data: { order: answer, token: ORDER_TOKEN, ...extra } }, { status: 201 });

const declined = (message = DECLINED) => () => refusal(402, message, { payment: message }, 'card_declined');

function fillNewCard(number = '4242424242424242') {
  const card = cardSection();
  fireEvent.change(within(card).getByLabelText('Card Number'), { target: { value: number } });
  fireEvent.change(within(card).getByLabelText('Card Holder Name'), { target: { value: 'Grace Hopper' } });
  fireEvent.change(within(card).getByLabelText('MM/YY'), { target: { value: '0829' } });
  fireEvent.change(within(card).getByLabelText('CVV'), { target: { value: '123' } });
}

function fillPickup() {
  type(/^Name/, 'Grace Hopper');
  type(/^Phone Number/, '+15550100');
  type(/^Email Address/, 'grace@example.com');
}

const expectConfirmation = async () => expect(await screen.findByRole('heading', { name: `Thank you, your order #${ORDER_NUMBER} is placed` })).toBeInTheDocument();

beforeAll(() => Promise.all([import('@/app/layouts/main-layout'), import('./checkout'), import('./order')]));
afterEach(resetStores);

describe('Checkout by card, as a guest', () => {
  let provider: ReturnType<typeof fakeProvider>;
  beforeEach(() => {
    provider = fakeProvider();
    server.use(configHandler(), provider.handler, ...itemHandlers({ products: [VALVE] }), quoteHandler([VALVE]), ...catalogueHandlers);
    // A guest has no saved cards to ask for.
    server.use(unexpected('get', '*/api/payment-method').handler);
  });

  /** The guest's checkout with two valves (₹20.00 for pickup), the card section shown. */
  async function guestCheckout() {
    useLocalStore.getState().addToCart({ productId: VALVE._id }, 2);
    const view = renderRoutes(routes, '/checkout');
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('₹20.00'));
    await screen.findByRole('group', { name: 'Card' });
    fillPickup();
    return view;
  }

  it('shows a new card’s fields under Bank, says it is test mode, and offers no saving', async () => {
    await guestCheckout();
    expect(screen.getByRole('radio', { name: /Bank/ })).toBeChecked();
    const card = cardSection();
    for (const label of ['Card Number', 'Card Holder Name', 'MM/YY', 'CVV']) expect(within(card).getByLabelText(label)).toHaveValue('');
    expect(within(card).getByRole('note')).toHaveTextContent('Test mode: no real money moves');
    expect(within(card).queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(within(card).queryByRole('checkbox', { name: 'Save this card' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Card payment is coming soon/)).not.toBeInTheDocument();
    expect(submitButton()).toBeEnabled();

    // The add-card form's formatting.
    type('Card Number', '4242-4242 4242 4242 99');
    expect(within(card).getByLabelText('Card Number')).toHaveValue('4242 4242 4242 4242');
    expect(within(card).getByRole('img', { name: 'Visa' })).toBeInTheDocument();
    type('MM/YY', '0829');
    expect(within(card).getByLabelText('MM/YY')).toHaveValue('08/29');

    // Cash on delivery hides the card.
    fireEvent.click(screen.getByRole('radio', { name: 'Cash On Delivery' }));
    expect(screen.queryByRole('group', { name: 'Card' })).not.toBeInTheDocument();
  });

  it('tokenizes the card at the provider and places the order with the token; no card number reaches /api', async () => {
    const sent: Sent[] = [];
    server.use(...orderHandler([placed()], sent));
    const requests = recordRequests();
    await guestCheckout();
    fillNewCard();
    fireEvent.click(submitButton());
    await expectConfirmation();
    expect(provider.sent).toEqual([{ number: '4242 4242 4242 4242', expMonth: 8, expYear: 2029, cvc: '123', holderName: 'Grace Hopper' }]);
    expect(sent).toHaveLength(1);
    expect(sent[0].key).toMatch(UUID);
    expect(sent[0].body.payment).toEqual({ method: 'card', paymentMethodId: 'pm_test_000000000000000000000001', saveCard: false });
    expect(screen.getByRole('region', { name: 'Payment' })).toHaveTextContent('Visa •••• 4242');

    const seen = await requests.all();
    requests.stop();
    const toApi = seen.filter(({ url }) => new URL(url).pathname.startsWith('/api/'));
    expect(toApi.map(({ url }) => new URL(url).pathname)).toContain('/api/order');
    for (const { body } of toApi) {
      expect(body.replace(/\D/g, '')).not.toContain('4242424242424242');
      expect(body).not.toContain('"cvc"');
    }
    expect(seen.filter(({ body }) => body.includes('4242 4242 4242 4242')).map(({ url }) => new URL(url).pathname)).toEqual([TOKENIZE_URL]);
  });

  it('says the provider’s message when the card is refused there, and places nothing', async () => {
    const post = unexpected('post', '*/api/order');
    server.use(post.handler);
    await guestCheckout();
    fillNewCard('4242424242424241');
    fireEvent.click(submitButton());
    await waitFor(() => expect(cardAlert()).toHaveTextContent('Your card number is invalid.'));
    expect(post.calls).not.toHaveBeenCalled();
    // Typing again clears it.
    type('Card Number', '4242424242424242');
    expect(cardAlert()).not.toBeInTheDocument();
  });

  it('asks for the card details before anything is sent', async () => {
    const post = unexpected('post', '*/api/order');
    server.use(post.handler);
    await guestCheckout();
    type('Card Number', '4242424242424242');
    fireEvent.click(submitButton());
    await waitFor(() => expect(cardAlert()).toHaveTextContent('Please enter your card details.'));
    expect(provider.sent).toEqual([]);
    expect(post.calls).not.toHaveBeenCalled();
  });

  it('on a decline says why beside the card, keeps the cart, and pays with another card under a new key', async () => {
    const sent: Sent[] = [];
    server.use(...orderHandler([declined(), placed()], sent));
    await guestCheckout();
    fillNewCard('4000000000000002');
    fireEvent.click(submitButton());
    await waitFor(() => expect(cardAlert()).toHaveTextContent(DECLINED));
    expect(cardSection()).toHaveAccessibleDescription(DECLINED);
    expect(screen.getByRole('heading', { level: 1, name: 'Your CheckOut' })).toBeInTheDocument();
    expect(useLocalStore.getState().cart).toHaveLength(1);
    await waitFor(() => expect(submitButton()).toBeEnabled());

    type('Card Number', '4242424242424242');
    expect(cardAlert()).not.toBeInTheDocument();
    fireEvent.click(submitButton());
    await expectConfirmation();
    expect(sent).toHaveLength(2);
    expect(sent[1].key).toMatch(UUID);
    expect(sent[1].key).not.toBe(sent[0].key);
    expect(provider.sent.map((card) => card.number)).toEqual(['4000 0000 0000 0002', '4242 4242 4242 4242']);
    expect(sent.map((attempt) => (attempt.body.payment as { paymentMethodId: string }).paymentMethodId)).toEqual([
      'pm_test_000000000000000000000001',
      'pm_test_000000000000000000000002',
    ]);
  });

  it('trying the same card again after a decline is a new attempt too', async () => {
    const sent: Sent[] = [];
    server.use(...orderHandler([declined('Your card has insufficient funds.'), declined('Your card has insufficient funds.')], sent));
    await guestCheckout();
    fillNewCard('4000000000009995');
    fireEvent.click(submitButton());
    await waitFor(() => expect(cardAlert()).toHaveTextContent('Your card has insufficient funds.'));
    await waitFor(() => expect(submitButton()).toBeEnabled());
    fireEvent.click(submitButton());
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1].key).not.toBe(sent[0].key);
    await waitFor(() => expect(cardAlert()).toHaveTextContent('Your card has insufficient funds.'));
  });

  it('after a network error sends the same token under the same key, never a second card', async () => {
    const sent: Sent[] = [];
    server.use(...orderHandler([() => HttpResponse.error(), placed()], sent));
    await guestCheckout();
    fillNewCard();
    fireEvent.click(submitButton());
    await waitFor(() => expect(sent).toHaveLength(1));
    await waitFor(() => expect(submitButton()).toBeEnabled());
    fireEvent.click(submitButton());
    await expectConfirmation();
    expect(provider.sent).toHaveLength(1);
    expect(sent[1].key).toBe(sent[0].key);
    expect(sent[1].body).toEqual(sent[0].body);
  });

  it('when the prices moved while paying, says so, shows the new total, and pays it under a new key', async () => {
    const error = vi.spyOn(toast, 'error');
    const sent: Sent[] = [];
    const valve = { ...VALVE };
    server.use(quoteHandler([valve]), ...orderHandler([() => refusal(409, PRICES_CHANGED, { total: PRICES_CHANGED }, 'amount_changed'), placed()], sent));
    await guestCheckout();
    fillNewCard();
    valve.discountedPrice = 15;
    fireEvent.click(submitButton());
    await waitFor(() => expect(error).toHaveBeenCalledWith(PRICES_CHANGED));
    // Two valves at ₹15.00 less 20 %: the figures as they are now, before paying again.
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('₹24.00'));
    expect(cardAlert()).not.toBeInTheDocument();
    expect(useLocalStore.getState().cart).toHaveLength(1);
    await waitFor(() => expect(submitButton()).toBeEnabled());
    fireEvent.click(submitButton());
    await expectConfirmation();
    expect(sent).toHaveLength(2);
    expect(sent[1].key).toMatch(UUID);
    expect(sent[1].key).not.toBe(sent[0].key);
  });

  it('leaves for the bank’s 3-D Secure page when the payment asks for it, the cart now in the order', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, origin: window.location.origin, href: window.location.href, assign });
    const challenge = '/testpsp/v1/challenge/pay_123';
    server.use(...orderHandler([placed(paidOrder({ paymentStatus: 'pending' }), { nextAction: { type: 'redirect', url: challenge } })]));
    const { router } = await guestCheckout();
    fillNewCard('4000000000003220');
    fireEvent.click(submitButton());
    await waitFor(() => expect(assign).toHaveBeenCalledWith(challenge));
    expect(assign).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/checkout');
    expect(useLocalStore.getState().cart).toEqual([]);
  });

  it('keeps Bank closed, as before, where the shop takes no cards', async () => {
    server.use(configHandler(MANUAL_CONFIG));
    useLocalStore.getState().addToCart({ productId: VALVE._id }, 1);
    renderRoutes(routes, '/checkout');
    expect(await screen.findByText('Card payment is coming soon. Choose Cash On Delivery to place your order now.')).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    expect(screen.queryByRole('group', { name: 'Card' })).not.toBeInTheDocument();
    expect(screen.queryByText('Test mode: no real money moves')).not.toBeInTheDocument();
  });
});

describe('Checkout by card, signed in', () => {
  const CART_ENTRY = item(VALVE, { _id: 'c1'.padStart(24, '0'), quantity: 1 });
  let provider: ReturnType<typeof fakeProvider>;
  let cardLoads: ReturnType<typeof vi.fn>;

  /** The server cart (one valve), the saved `cards`, and the provider. */
  function signedIn(cards: ReturnType<typeof paymentMethod>[]) {
    const cart: Item[] = [CART_ENTRY];
    provider = fakeProvider();
    const api = savedCardsApi(cards, provider.tokens);
    cardLoads = vi.fn();
    server.use(
      configHandler(),
      provider.handler,
      http.get('*/api/payment-method', () => {
        cardLoads();
        return envelope(api.cards());
      }),
      ...api.handlers,
      http.get('*/api/user/item', ({ request }) => envelope(new URL(request.url).searchParams.get('type') === 'cart' ? cart : [])),
      http.get('*/api/user/address', () => envelope({ address: null })),
      quoteHandler([VALVE], { serverCart: () => cart.map(({ productId, quantity }) => ({ productId, quantity })) }),
      ...catalogueHandlers,
    );
    return api;
  }

  beforeEach(() => useAuth.getState().signIn(user({ fullName: 'Ada Lovelace', phoneNumber: '+447700900123', emailAddress: 'ada@example.com' }), 'token-123'));

  async function open() {
    renderRoutes(routes, '/checkout');
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('₹10.00'));
    return screen.findByRole('group', { name: 'Card' });
  }

  it('offers the saved cards with the primary picked, and a new card; pays with the primary', async () => {
    signedIn([VISA, MASTERCARD]);
    const sent: Sent[] = [];
    server.use(...orderHandler([placed()], sent));
    const card = await open();
    const choices = within(within(card).getByRole('radiogroup', { name: 'Pay with' })).getAllByRole('radio');
    expect(choices.map((choice) => choice.closest('label')!.textContent)).toEqual(['Visa •••• 4242Expires 08/29Primary', 'Mastercard •••• 4444Expires 11/28', 'Use a new card']);
    expect(choices[0]).toBeChecked();
    // A saved card needs no fields.
    expect(within(card).queryByLabelText('Card Number')).not.toBeInTheDocument();
    expect(within(card).getByRole('note')).toHaveTextContent('Test mode: no real money moves');

    fireEvent.click(submitButton());
    expect(await screen.findByText('We have e-mailed a confirmation to grace@example.com')).toBeInTheDocument();
    expect(sent[0].body.payment).toEqual({ method: 'card', paymentMethodId: VISA._id, saveCard: false });
    expect(provider.sent).toEqual([]);
  });

  it('pays with a new card and saves it when asked', async () => {
    const api = signedIn([VISA]);
    const sent: Sent[] = [];
    server.use(...orderHandler([placed()], sent));
    const card = await open();
    fireEvent.click(within(card).getByRole('radio', { name: 'Use a new card' }));
    fillNewCard('5555555555554444');
    const save = within(card).getByRole('checkbox', { name: 'Save this card' });
    expect(save).not.toBeChecked();
    fireEvent.click(save);
    const loadsBefore = cardLoads.mock.calls.length;
    fireEvent.click(submitButton());
    await expectConfirmation();
    expect(sent[0].body.payment).toEqual({ method: 'card', paymentMethodId: 'pm_test_000000000000000000000001', saveCard: true });
    // The card may have been saved: Payment Methods loads the cards again.
    await waitFor(() => expect(cardLoads.mock.calls.length).toBeGreaterThan(loadsBefore));
    expect(api.cards()).toHaveLength(1);
  });

  it('with no saved cards, shows a new card’s fields at once, with Save this card', async () => {
    signedIn([]);
    const card = await open();
    expect(within(card).queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(within(card).getByLabelText('Card Number')).toHaveValue('');
    expect(within(card).getByRole('checkbox', { name: 'Save this card' })).toBeInTheDocument();
  });

  it('after a decline of a new card, pays with a saved one under a new key', async () => {
    signedIn([VISA]);
    const sent: Sent[] = [];
    server.use(...orderHandler([declined(), placed()], sent));
    const card = await open();
    fireEvent.click(within(card).getByRole('radio', { name: 'Use a new card' }));
    fillNewCard('4000000000000002');
    fireEvent.click(within(card).getByRole('checkbox', { name: 'Save this card' }));
    fireEvent.click(submitButton());
    await waitFor(() => expect(cardAlert()).toHaveTextContent(DECLINED));
    expect(sent[0].body.payment).toEqual({ method: 'card', paymentMethodId: 'pm_test_000000000000000000000001', saveCard: true });
    await waitFor(() => expect(submitButton()).toBeEnabled());

    fireEvent.click(within(card).getByRole('radio', { name: /Visa •••• 4242/ }));
    expect(cardAlert()).not.toBeInTheDocument();
    fireEvent.click(submitButton());
    await expectConfirmation();
    expect(sent[1].body.payment).toEqual({ method: 'card', paymentMethodId: VISA._id, saveCard: false });
    expect(sent[1].key).toMatch(UUID);
    expect(sent[1].key).not.toBe(sent[0].key);
  });

  it('says when a saved card is gone, and shows the cards as they are now', async () => {
    signedIn([VISA, MASTERCARD]);
    server.use(...orderHandler([() => HttpResponse.json({ success: false, message: 'Payment method not found', code: 'payment_method_not_found' }, { status: 404 })]));
    const card = await open();
    const loadsBefore = cardLoads.mock.calls.length;
    fireEvent.click(submitButton());
    await waitFor(() => expect(cardAlert()).toHaveTextContent('Payment method not found'));
    await waitFor(() => expect(cardLoads.mock.calls.length).toBeGreaterThan(loadsBefore));
    expect(within(card).getByRole('radio', { name: /Visa •••• 4242/ })).toBeInTheDocument();
  });

  it('asks for no saved cards where the shop takes none', async () => {
    const cards = unexpected('get', '*/api/payment-method');
    signedIn([VISA]);
    server.use(configHandler(MANUAL_CONFIG), cards.handler);
    renderRoutes(routes, '/checkout');
    expect(await screen.findByText('Card payment is coming soon. Choose Cash On Delivery to place your order now.')).toBeInTheDocument();
    expect(cards.calls).not.toHaveBeenCalled();
  });
});
