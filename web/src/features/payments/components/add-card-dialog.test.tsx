import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { Toaster } from 'sonner';
import { Button } from '@/components/ui/button';
import { configHandler, fakeProvider, MANUAL_CONFIG, paymentMethod, recordRequests, savedCardsApi, TOKENIZE_URL } from '@/testing/payments';
import { renderWithRouter } from '@/testing/render';
import { failure, server, unexpected } from '@/testing/server';
import { AddCardDialog } from './add-card-dialog';

const ABOUT = 'Your card details go straight to our payment provider. The shop keeps only the brand, the last four digits and the expiry.';

/** The dialog behind its 'New Payment Method' button, opened, with the toaster the app has. */
function openDialog() {
  renderWithRouter(
    <>
      <AddCardDialog trigger={<Button>New Payment Method</Button>} />
      <Toaster />
    </>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'New Payment Method' }));
  return screen.getByRole('dialog', { name: 'Add New Card' });
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillIn(number = '4242424242424242') {
  type('Card Number', number);
  type('Card Holder Name', 'Ada Lovelace');
  type('MM/YY', '0829');
  type('CVV', '123');
}

const add = () => screen.getByRole('button', { name: /^(Add|Adding\.\.\.)$/ });

describe('Add New Card', () => {
  beforeEach(() => server.use(configHandler()));

  it('opens from its trigger with every field empty, says where the card goes, and that it is test mode', async () => {
    const dialog = openDialog();
    for (const label of ['Card Number', 'Card Holder Name', 'MM/YY', 'CVV']) expect(within(dialog).getByLabelText(label)).toHaveValue('');
    expect(within(dialog).getByRole('checkbox', { name: 'Set as Primary Payment Method' })).not.toBeChecked();
    expect(dialog).toHaveAccessibleDescription(ABOUT);
    expect(await within(dialog).findByRole('note')).toHaveTextContent('Test mode: no real money moves');
  });

  it('formats the card number in fours as it is typed and shows its brand', () => {
    openDialog();
    expect(screen.getByRole('img', { name: 'Card' })).toBeInTheDocument();

    type('Card Number', '4111-1111 1111 1111 99');
    expect(screen.getByLabelText('Card Number')).toHaveValue('4111 1111 1111 1111');
    expect(screen.getByRole('img', { name: 'Visa' })).toBeInTheDocument();

    type('Card Number', '5500000000000004');
    expect(screen.getByLabelText('Card Number')).toHaveValue('5500 0000 0000 0004');
    expect(screen.getByRole('img', { name: 'Mastercard' })).toBeInTheDocument();

    type('Card Number', '371449635398431');
    expect(screen.getByRole('img', { name: 'American Express' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Visa' })).not.toBeInTheDocument();
  });

  it('formats the expiry as MM/YY and keeps the CVV to four digits', () => {
    openDialog();
    type('MM/YY', '1225');
    expect(screen.getByLabelText('MM/YY')).toHaveValue('12/25');
    type('CVV', '12a345');
    expect(screen.getByLabelText('CVV')).toHaveValue('1234');
  });

  it('keeps Add disabled until all four text fields are filled; the checkbox is optional', async () => {
    openDialog();
    await screen.findByRole('note');
    expect(add()).toBeDisabled();
    type('Card Number', '4242424242424242');
    type('Card Holder Name', 'Ada Lovelace');
    type('MM/YY', '0829');
    expect(add()).toBeDisabled();
    type('CVV', '123');
    expect(add()).toBeEnabled();
    type('Card Holder Name', '   ');
    expect(add()).toBeDisabled();
  });

  it('sends the card to the provider alone, saves its token, closes, says so, and forgets what was typed', async () => {
    const provider = fakeProvider();
    const api = savedCardsApi([paymentMethod({ last4: '4444', brand: 'mastercard' })], provider.tokens);
    server.use(provider.handler, ...api.handlers);
    const requests = recordRequests();
    openDialog();
    await screen.findByRole('note');
    fillIn();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Set as Primary Payment Method' }));
    fireEvent.click(add());

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Payment method added')).toBeInTheDocument();
    expect(provider.sent).toEqual([{ number: '4242 4242 4242 4242', expMonth: 8, expYear: 2029, cvc: '123', holderName: 'Ada Lovelace' }]);
    expect(api.cards().map((card) => [card.last4, card.primary])).toEqual([
      ['4242', true],
      ['4444', false],
    ]);

    // The card number and the CVV went to the provider's endpoint, and to no /api address.
    const sent = await requests.all();
    requests.stop();
    const withNumber = sent.filter(({ body }) => body.replace(/\D/g, '').includes('4242424242424242'));
    expect(withNumber.map(({ url }) => new URL(url).pathname)).toEqual([TOKENIZE_URL]);
    const toApi = sent.filter(({ url }) => new URL(url).pathname.startsWith('/api/'));
    expect(toApi.map(({ url }) => new URL(url).pathname)).toContain('/api/payment-method');
    for (const { body } of toApi) {
      expect(body.replace(/\D/g, '')).not.toContain('4242424242424242');
      expect(body).not.toContain('"cvc"');
    }
    expect(JSON.parse(toApi.find(({ url }) => new URL(url).pathname === '/api/payment-method')!.body)).toEqual({
      token: 'pm_test_000000000000000000000001',
      setPrimary: true,
    });

    fireEvent.click(screen.getByRole('button', { name: 'New Payment Method' }));
    expect(screen.getByLabelText('Card Number')).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'Set as Primary Payment Method' })).not.toBeChecked();
  });

  it('shows the provider’s message in the dialog and saves nothing; a change clears the message', async () => {
    const provider = fakeProvider();
    const post = unexpected('post', '*/api/payment-method');
    server.use(provider.handler, post.handler);
    openDialog();
    await screen.findByRole('note');
    fillIn('4242424242424241');
    fireEvent.click(add());
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card number is invalid.');
    expect(screen.getByRole('dialog', { name: 'Add New Card' })).toBeInTheDocument();
    expect(add()).toBeEnabled();

    type('Card Number', '4242424242424242');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    type('MM/YY', '1320');
    fireEvent.click(add());
    expect(await screen.findByRole('alert')).toHaveTextContent("Your card's expiration month is invalid.");
    type('MM/YY', '0120');
    fireEvent.click(add());
    expect(await screen.findByRole('alert')).toHaveTextContent("Your card's expiration date is in the past.");
    expect(post.calls).not.toHaveBeenCalled();
  });

  it('says the provider could not be reached when it does not answer with its JSON', async () => {
    server.use(http.post(`*${TOKENIZE_URL}`, () => new Response('Bad gateway', { status: 502 })));
    openDialog();
    await screen.findByRole('note');
    fillIn();
    fireEvent.click(add());
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card could not be checked. Please try again.');
  });

  it('shows the server’s refusal in the dialog: a card already saved, a token it cannot find', async () => {
    const provider = fakeProvider();
    const api = savedCardsApi([paymentMethod()], provider.tokens);
    server.use(provider.handler, ...api.handlers);
    openDialog();
    await screen.findByRole('note');
    fillIn();
    fireEvent.click(add());
    expect(await screen.findByRole('alert')).toHaveTextContent('This card is already saved');
    expect(screen.getByRole('dialog', { name: 'Add New Card' })).toBeInTheDocument();

    // A token the server does not know: its field message, not the envelope's.
    provider.tokens.clear();
    server.use(http.post(`*${TOKENIZE_URL}`, () => Response.json({ id: 'pm_test_gone', brand: 'visa', last4: '1881', expMonth: 8, expYear: 2029, holderName: 'Ada' })));
    type('Card Number', '4012888888881881');
    fireEvent.click(add());
    expect(await screen.findByRole('alert')).toHaveTextContent('This card could not be found. Please enter it again.');

    server.use(http.post('*/api/payment-method', () => failure(422, 'You can save at most 10 cards')));
    fireEvent.click(add());
    expect(await screen.findByRole('alert')).toHaveTextContent('You can save at most 10 cards');
  });

  it('cannot add a card where the shop takes none, and says so', async () => {
    server.use(configHandler(MANUAL_CONFIG));
    openDialog();
    expect(await screen.findByText('This shop takes no card payments, so cards cannot be saved.')).toBeInTheDocument();
    fillIn();
    expect(add()).toBeDisabled();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('does nothing on Enter while a field is still empty', async () => {
    const provider = fakeProvider();
    server.use(provider.handler);
    openDialog();
    await screen.findByRole('note');
    type('Card Number', '4242424242424242');
    fireEvent.submit(screen.getByLabelText('Card Number').closest('form')!);
    expect(screen.getByRole('dialog', { name: 'Add New Card' })).toBeInTheDocument();
    expect(provider.sent).toEqual([]);
  });
});
