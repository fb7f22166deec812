import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { routes } from '@/app/router';
import type { TradeStanding } from '@/api/types';
import { useAuth } from '@/features/auth/store';
import { useLocalStore } from '@/features/cart/local-store';
import type { Order } from '@/features/orders';
import { ORDER_NUMBER, ORDER_TOKEN, order, quoteHandler, refusal } from '@/testing/orders';
import { renderRoutes, resetStores } from '@/testing/render';
import { catalogueHandlers, envelope, item, itemHandlers, product, server, unexpected, user } from '@/testing/server';
import { tradeStanding } from '@/testing/trade';

// Pay on account at checkout (docs/DESIGN.md §11): offered to an approved trade account
// with credit, with the buyer's PO number and the credit left; refused when the order is
// more than that credit.

const SHOWER = product({ _id: '2'.padStart(24, '0'), name: 'Rain Shower Head', price: 40, discountPercentage: 25, discountedPrice: 30, stock: 10 });
const CART_ENTRY = item(SHOWER, { _id: 'c1'.padStart(24, '0'), quantity: 3 });
const ADA = { fullName: 'Ada Lovelace', phoneNumber: '+447700900123', emailAddress: 'ada@example.com' };
const OVER_LIMIT = 'This order would exceed your credit limit (₹75.00 available)';
const NOT_TRADE = 'Pay on account needs an approved trade account';

const submitButton = () => screen.getByRole('button', { name: /Go to Checkout|Placing order\.\.\./ });
const payOnAccount = () => screen.queryByRole('radio', { name: 'Pay on account' });
const accountSection = () => screen.getByRole('group', { name: 'Account' });
const poField = () => screen.getByLabelText(/^PO number/);

/** What POST /order was sent, in order. */
interface Sent {
  body: { payment: unknown; contact: Record<string, string> };
}

/** POST /order answering each request with the next of `answers` (the last repeats),
 * and GET /order/{number} answering with the order placed. */
function orderHandler(answers: (() => Response)[], sent: Sent[] = []) {
  let placed: Order = order();
  return [
    http.post('*/api/order', async ({ request }) => {
      sent.push({ body: (await request.json()) as Sent['body'] });
      const answer = answers[Math.min(sent.length, answers.length) - 1]();
      if (answer.status === 201) placed = ((await answer.clone().json()) as { data: { order: Order } }).data.order;
      return answer;
    }),
    http.get(`*/api/order/${ORDER_NUMBER}`, () => envelope({ order: placed })),
  ];
}

const placed = (answer: Order) => () => HttpResponse.json({ success: true, message: 'Order placed', data: { order: answer, token: ORDER_TOKEN } }, { status: 201 });

/** GET /auth/user answering with each of `answers` in turn (the last repeats), Ada's
 * account standing as each says; `calls` counts the requests. */
function standingHandler(...answers: (TradeStanding | null)[]) {
  const calls: number[] = [];
  const handler = http.get('*/api/auth/user', () => {
    calls.push(calls.length);
    return envelope({ user: { ...user(ADA), trade: answers[Math.min(calls.length, answers.length) - 1] } }, 'User');
  });
  return { calls, handler };
}

/** Ada signed in, with three shower heads in her server cart (₹72.00 for pickup) and her
 * trade account standing as `answers` say. */
async function signedInCheckout(...answers: (TradeStanding | null)[]) {
  const standing = standingHandler(...answers);
  server.use(
    standing.handler,
    http.get('*/api/user/item', ({ request }) => envelope(new URL(request.url).searchParams.get('type') === 'cart' ? [CART_ENTRY] : [])),
    http.get('*/api/user/address', () => envelope({ address: null })),
    quoteHandler([SHOWER], { serverCart: () => [{ productId: SHOWER._id, quantity: 3 }] }),
    ...catalogueHandlers,
  );
  useAuth.getState().signIn(user(ADA), 'token-123');
  const view = renderRoutes(routes, '/checkout');
  await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('₹72.00'));
  return { ...view, standing };
}

/** Waits until the account's standing has been asked for and its answer has had time to
 * show: an option that is not there is then not merely still loading. */
async function standingSettled(calls: number[]) {
  await waitFor(() => expect(calls.length).toBeGreaterThan(0));
  await new Promise((resolve) => setTimeout(resolve, 100));
}

/** Chooses Pay on account and types the PO number. */
async function chooseAccount(poNumber: string) {
  fireEvent.click(await screen.findByRole('radio', { name: 'Pay on account' }));
  fireEvent.change(poField(), { target: { value: poNumber } });
}

beforeAll(() => Promise.all([import('@/app/layouts/main-layout'), import('./checkout'), import('./order')]));
afterEach(resetStores);

describe('Checkout: pay on account', () => {
  it('offers Pay on account beside cash and card to an approved account with credit, with the PO number and the credit left', async () => {
    await signedInCheckout(tradeStanding());
    expect(await screen.findByRole('radio', { name: 'Pay on account' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: /Bank/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Cash On Delivery' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^PO number/)).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: 'Pay on account' }));
    expect(screen.getByRole('radio', { name: 'Pay on account' })).toBeChecked();
    expect(within(accountSection()).getByText('Available credit: ₹125.00')).toBeInTheDocument();
    expect(poField()).toHaveValue('');
    expect(poField()).toHaveAttribute('maxLength', '40');
    // The shop takes no cards: that note belongs to Bank alone, and the order can be placed.
    expect(screen.queryByText(/Card payment is coming soon/)).not.toBeInTheDocument();
    expect(submitButton()).toBeEnabled();

    fireEvent.click(screen.getByRole('radio', { name: 'Cash On Delivery' }));
    expect(screen.queryByRole('group', { name: 'Account' })).not.toBeInTheDocument();
  });

  it.each<[string, TradeStanding | null]>([
    ['a customer who never applied', null],
    ['an application still being reviewed', tradeStanding({ status: 'open', creditLimit: 0, termsDays: 0, available: 0, group: null })],
    ['a rejected application', tradeStanding({ status: 'rejected', creditLimit: 0, termsDays: 0, available: 0, group: null })],
    ['an approved account without credit', tradeStanding({ creditLimit: 0, termsDays: 0, available: 0 })],
  ])('offers no Pay on account to %s', async (_, standing) => {
    const { standing: asked } = await signedInCheckout(standing);
    await standingSettled(asked.calls);
    expect(payOnAccount()).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Cash On Delivery' })).toBeInTheDocument();
  });

  it('offers no Pay on account to a guest, and does not ask for a trade account', async () => {
    const standing = unexpected('get', '*/api/auth/user');
    server.use(standing.handler, ...itemHandlers({ products: [SHOWER] }), quoteHandler([SHOWER]), ...catalogueHandlers);
    useLocalStore.getState().addToCart({ productId: SHOWER._id }, 1);
    renderRoutes(routes, '/checkout');
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('₹24.00'));
    expect(payOnAccount()).not.toBeInTheDocument();
    expect(standing.calls).not.toHaveBeenCalled();
  });

  it('places the order with {method: account, poNumber}, trimmed, and shows it on account with its PO number and due date', async () => {
    const sent: Sent[] = [];
    const onAccount = order({ paymentMethod: 'account', poNumber: 'PO-77', dueDate: '2026-03-31', contact: { ...order().contact, firstName: 'Ada Lovelace', emailAddress: 'ada@example.com' } });
    server.use(...orderHandler([placed(onAccount)], sent));
    await signedInCheckout(tradeStanding());
    await chooseAccount('  PO-77 ');
    fireEvent.click(submitButton());
    expect(await screen.findByRole('heading', { name: `Thank you, your order #${ORDER_NUMBER} is placed` })).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({
      fulfilment: 'pickup',
      contact: { firstName: 'Ada Lovelace', phoneNumber: '+447700900123', emailAddress: 'ada@example.com' },
      saveAddress: false,
      payment: { method: 'account', poNumber: 'PO-77' },
    });
    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(payment).toHaveTextContent('MethodPaid on account');
    expect(within(payment).getByText('PO number: PO-77')).toBeInTheDocument();
    expect(within(payment).getByText('Due: Mar 31, 2026')).toBeInTheDocument();
  });

  it('asks for the PO number under its field, with the contact’s messages, without calling the server', async () => {
    const post = unexpected('post', '*/api/order');
    server.use(post.handler);
    await signedInCheckout(tradeStanding());
    await chooseAccount('   ');
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: '' } });
    fireEvent.click(submitButton());
    expect(await screen.findByText('Enter your purchase order number')).toBeInTheDocument();
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(poField()).toHaveAttribute('aria-invalid', 'true');
    expect(poField()).toHaveAccessibleDescription('Enter your purchase order number');
    expect(submitButton()).toHaveTextContent('Go to Checkout');
    expect(post.calls).not.toHaveBeenCalled();
  });

  it('says the order is over the credit limit where the payment is chosen, and shows the credit left as it is now', async () => {
    const sent: Sent[] = [];
    server.use(...orderHandler([() => refusal(422, OVER_LIMIT, { payment: OVER_LIMIT }, 'credit_limit')], sent));
    await signedInCheckout(tradeStanding(), tradeStanding({ available: 75 }));
    await chooseAccount('PO-77');
    fireEvent.click(submitButton());
    expect(await within(accountSection()).findByRole('alert')).toHaveTextContent(OVER_LIMIT);
    await waitFor(() => expect(within(accountSection()).getByText('Available credit: ₹75.00')).toBeInTheDocument());
    // Nothing was placed: the shopper is still here, with the PO number as typed.
    expect(screen.getByRole('heading', { level: 1, name: 'Your CheckOut' })).toBeInTheDocument();
    expect(poField()).toHaveValue('PO-77');
    expect(sent).toHaveLength(1);

    // Another choice of payment clears the refusal.
    fireEvent.click(screen.getByRole('radio', { name: 'Cash On Delivery' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Pay on account' }));
    expect(within(accountSection()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when the account can no longer pay on account', async () => {
    server.use(...orderHandler([() => refusal(422, NOT_TRADE, { payment: NOT_TRADE }, 'payment_invalid')]));
    await signedInCheckout(tradeStanding());
    await chooseAccount('PO-77');
    fireEvent.click(submitButton());
    expect(await within(accountSection()).findByRole('alert')).toHaveTextContent(NOT_TRADE);
    expect(screen.getByRole('heading', { level: 1, name: 'Your CheckOut' })).toBeInTheDocument();
  });

  it('shows the server’s refusal of the PO number under its field', async () => {
    server.use(...orderHandler([() => refusal(400, 'At most 40 characters', { poNumber: 'At most 40 characters' }, 'payment_invalid')]));
    await signedInCheckout(tradeStanding());
    await chooseAccount('PO-77');
    fireEvent.click(submitButton());
    expect(await screen.findByText('At most 40 characters')).toBeInTheDocument();
    expect(poField()).toHaveAttribute('aria-invalid', 'true');
    expect(within(accountSection()).queryByRole('alert')).not.toBeInTheDocument();
  });
});
