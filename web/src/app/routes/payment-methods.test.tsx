import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { toast } from '@/lib/toast';
import { routes } from '@/app/router';
import { useAuth } from '@/features/auth/store';
import { configHandler, fakeProvider, paymentMethod, savedCardsApi, transaction, transactionsHandler } from '@/testing/payments';
import { renderRoutes, resetStores } from '@/testing/render';
import { catalogueHandlers, envelope, failure, server, user } from '@/testing/server';

const VISA = paymentMethod({ _id: 'visa'.padStart(24, '0'), brand: 'visa', last4: '4242', primary: true, createdAt: '2026-03-01T10:00:00Z' });
const MASTERCARD = paymentMethod({
  _id: 'mc'.padStart(24, '0'),
  brand: 'mastercard',
  last4: '4444',
  expMonth: 11,
  expYear: 2028,
  holderName: 'Augusta Ada King',
  primary: false,
  createdAt: '2026-03-05T10:00:00Z',
});

/** Four transactions, newest first: a refund, a failed try, a capture and a cash payment. */
const TRANSACTIONS = [
  transaction({ _id: 't4'.padStart(24, '0'), kind: 'refund', amount: 44, orderNumber: '100003', createdAt: '2026-03-04T16:30:00Z' }),
  transaction({
    _id: 't3'.padStart(24, '0'),
    kind: 'authorization',
    status: 'failed',
    amount: 44,
    last4: '0002',
    orderNumber: null,
    createdAt: '2026-03-04T16:00:00Z',
    message: 'Your card was declined.',
  }),
  transaction({ _id: 't2'.padStart(24, '0'), kind: 'capture', amount: 72, orderNumber: '100002', createdAt: '2026-03-03T09:05:00Z' }),
  transaction({ _id: 't1'.padStart(24, '0'), kind: 'capture', amount: 20, brand: null, last4: null, orderNumber: '100001', createdAt: '2026-03-02T12:00:00Z' }),
];

const cardList = () => screen.getByRole('list', { name: 'Saved cards' });
const cardNames = () => within(cardList()).getAllByRole('listitem').map((item) => item.getAttribute('aria-label'));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

const renderPage = () => renderRoutes(routes, '/payment-methods');

beforeAll(() => Promise.all([import('@/app/layouts/main-layout'), import('@/app/layouts/account-layout'), import('./payment-methods')]));
beforeEach(() => useAuth.getState().signIn(user(), 'token-123'));
afterEach(resetStores);

describe('Payment Methods', () => {
  it('lists the saved cards, primary first, and previews the newest three transactions', async () => {
    const asked: { page: number; perPage: number }[] = [];
    server.use(configHandler(), ...catalogueHandlers, ...savedCardsApi([MASTERCARD, VISA]).handlers, transactionsHandler(TRANSACTIONS, asked));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Methods' })).toBeInTheDocument();
    await waitFor(() => expect(cardNames()).toEqual(['Visa •••• 4242', 'Mastercard •••• 4444']));
    const [visa, mastercard] = within(cardList()).getAllByRole('listitem');
    expect(visa).toHaveTextContent('Primary');
    expect(visa).toHaveTextContent('Ada Lovelace');
    expect(visa).toHaveTextContent('Expires 08/29');
    expect(within(visa).queryByRole('button', { name: /as primary/ })).not.toBeInTheDocument();
    expect(mastercard).not.toHaveTextContent('Primary');
    expect(mastercard).toHaveTextContent('Expires 11/28');
    expect(within(mastercard).getByRole('button', { name: 'Set Mastercard •••• 4444 as primary' })).toBeInTheDocument();
    // No 'examples' note: these are the shopper's own.
    expect(screen.queryByText(/Examples/)).not.toBeInTheDocument();

    const rows = within(await screen.findByRole('list', { name: 'Transactions' })).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(asked).toEqual([{ page: 1, perPage: 3 }]);
    expect(rows[0]).toHaveTextContent('Refund for order #100003');
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/payment-methods/transection-history');
  });

  it('says when there are no saved cards and no transactions yet', async () => {
    server.use(configHandler(), ...catalogueHandlers, ...savedCardsApi([]).handlers, transactionsHandler([]));
    renderPage();
    expect(await screen.findByText('No saved cards yet')).toBeInTheDocument();
    expect(await screen.findByText('No transactions yet')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Saved cards' })).not.toBeInTheDocument();
  });

  it('says when the cards cannot be loaded, and tries again', async () => {
    let calls = 0;
    server.use(
      configHandler(),
      ...catalogueHandlers,
      http.get('*/api/payment-method', () => (++calls === 1 ? failure(500, 'Failed to load your saved cards') : envelope([VISA]))),
      transactionsHandler([]),
    );
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load your saved cards');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(cardNames()).toEqual(['Visa •••• 4242']));
  });

  it('adds a card through the provider; the list shows it', async () => {
    const success = vi.spyOn(toast, 'success');
    const provider = fakeProvider();
    const api = savedCardsApi([VISA], provider.tokens);
    server.use(configHandler(), ...catalogueHandlers, provider.handler, ...api.handlers, transactionsHandler([]));
    renderPage();
    await waitFor(() => expect(cardNames()).toEqual(['Visa •••• 4242']));
    fireEvent.click(screen.getByRole('button', { name: 'New Payment Method' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Card' });
    expect(await within(dialog).findByRole('note')).toHaveTextContent('Test mode: no real money moves');
    type('Card Number', '5555555555554444');
    type('Card Holder Name', 'Augusta Ada King');
    type('MM/YY', '1128');
    type('CVV', '321');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(cardNames()).toEqual(['Visa •••• 4242', 'Mastercard •••• 4444']));
    expect(success).toHaveBeenCalledWith('Payment method added');
  });

  it('removes a card after No / Yes; removing the primary makes the newest remaining card primary', async () => {
    const success = vi.spyOn(toast, 'success');
    const older = paymentMethod({ _id: 'old'.padStart(24, '0'), brand: 'amex', last4: '0005', primary: false, createdAt: '2026-02-01T10:00:00Z' });
    const api = savedCardsApi([VISA, MASTERCARD, older]);
    server.use(configHandler(), ...catalogueHandlers, ...api.handlers, transactionsHandler([]));
    renderPage();
    await waitFor(() => expect(cardNames()).toEqual(['Visa •••• 4242', 'Mastercard •••• 4444', 'American Express •••• 0005']));

    fireEvent.click(screen.getByRole('button', { name: 'Remove Visa •••• 4242' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove Payment Method' });
    expect(dialog).toHaveAccessibleDescription('Remove the Visa •••• 4242 card?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.cards()).toHaveLength(3);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Visa •••• 4242' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove Payment Method' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(success).toHaveBeenCalledWith('Payment method removed');
    await waitFor(() => expect(cardNames()).toEqual(['Mastercard •••• 4444', 'American Express •••• 0005']));
    expect(within(cardList()).getAllByRole('listitem')[0]).toHaveTextContent('Primary');

    fireEvent.click(screen.getByRole('button', { name: 'Remove Mastercard •••• 4444' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(cardNames()).toEqual(['American Express •••• 0005']));
    fireEvent.click(screen.getByRole('button', { name: 'Remove American Express •••• 0005' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('No saved cards yet')).toBeInTheDocument();
  });

  it('makes another card the primary one', async () => {
    const success = vi.spyOn(toast, 'success');
    const api = savedCardsApi([VISA, MASTERCARD]);
    server.use(configHandler(), ...catalogueHandlers, ...api.handlers, transactionsHandler([]));
    renderPage();
    await waitFor(() => expect(cardNames()).toEqual(['Visa •••• 4242', 'Mastercard •••• 4444']));
    fireEvent.click(screen.getByRole('button', { name: 'Set Mastercard •••• 4444 as primary' }));
    await waitFor(() => expect(cardNames()).toEqual(['Mastercard •••• 4444', 'Visa •••• 4242']));
    expect(success).toHaveBeenCalledWith('Primary payment method updated');
    const [mastercard, visa] = within(cardList()).getAllByRole('listitem');
    expect(mastercard).toHaveTextContent('Primary');
    expect(visa).not.toHaveTextContent('Primary');
    expect(within(visa).getByRole('button', { name: 'Set Visa •••• 4242 as primary' })).toBeInTheDocument();
  });

  it('says when a card was removed elsewhere', async () => {
    const error = vi.spyOn(toast, 'error');
    const api = savedCardsApi([VISA, MASTERCARD]);
    server.use(configHandler(), ...catalogueHandlers, ...api.handlers, transactionsHandler([]));
    renderPage();
    await waitFor(() => expect(cardNames()).toHaveLength(2));
    server.use(http.patch('*/api/payment-method/:id', () => failure(404, 'Payment method not found')));
    fireEvent.click(screen.getByRole('button', { name: 'Set Mastercard •••• 4444 as primary' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Payment method not found'));
  });
});

