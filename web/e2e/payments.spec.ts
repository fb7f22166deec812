// Card payments against the real binary and its offline test provider: a
// guest pays by card, a signed-in shopper saves a card, is declined with a new one and
// pays with the saved one, then cancels and is refunded; a card that asks for 3-D Secure
// goes through the bank's page. No card number ever reaches /api, and none is left in the
// server's log, its database, its mail or anywhere else in its data dir.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { addToCart, allProducts, type ApiProduct, newEmail, rupees, signIn, totalsOf } from './helpers';

const PHONE = '+447946095800';
const TEST_MODE = 'Test mode: no real money moves';

/** In-stock products with room for a few, past the ones the order tests buy. */
async function stockedProducts(request: APIRequestContext, count: number, skip: number): Promise<ApiProduct[]> {
  const stocked = (await allProducts(request)).filter((p) => p.stock >= 10);
  return stocked.slice(skip, skip + count);
}

/** Every request body the page sends to /api, to assert no card number is among them. */
function apiBodies(page: Page): string[] {
  const bodies: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) bodies.push(request.postData() ?? '');
  });
  return bodies;
}

function expectNoCardNumber(bodies: string[], number: string) {
  const digits = number.replace(/\D/g, '');
  for (const body of bodies) expect(body.replace(/\D/g, ''), 'a request to /api').not.toContain(digits);
}

/** Pickup's 'Your details'. */
async function fillPickup(page: Page, { name, email }: { name: string; email?: string }) {
  const details = page.getByRole('group', { name: 'Your details' });
  await details.getByLabel('Name').fill(name);
  await details.getByLabel('Phone Number').fill(PHONE);
  if (email !== undefined) await details.getByLabel('Email Address').fill(email);
}

/** The four card fields inside `scope` (checkout's card section, or Add New Card). */
async function fillCard(scope: Locator, number: string) {
  await scope.getByLabel('Card Number').fill(number);
  await scope.getByLabel('Card Holder Name').fill('Ada Lovelace');
  await scope.getByLabel('MM/YY').fill('1230');
  await scope.getByLabel('CVV').fill('123');
}

/** Waits for checkout's confirmation; resolves to the order's number. */
async function confirmation(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/orders\/\d+\?token=[^&]+&placed=1$/);
  const number = /\/orders\/(\d+)\?/.exec(page.url())![1];
  await expect(page.getByRole('heading', { name: `Thank you, your order #${number} is placed` })).toBeVisible();
  return number;
}

/** The order page's Payment section shows `method` and `status`. */
async function expectPayment(page: Page, method: string, status: string) {
  const payment = page.getByRole('region', { name: 'Payment' });
  await expect(payment.getByRole('definition')).toHaveText([method, status]);
}

test('a guest pays with a card and sees the order paid', async ({ page, request }) => {
  const [product] = await stockedProducts(request, 1, 8);
  const bodies = apiBodies(page);
  await addToCart(page, product, 1, 1);
  await page.goto('/checkout');
  await fillPickup(page, { name: 'Ada Lovelace', email: newEmail('card-guest') });
  await expect(page.getByRole('radio', { name: /^Bank/ })).toBeChecked();
  const card = page.getByRole('group', { name: 'Card' });
  await expect(card.getByRole('note')).toHaveText(TEST_MODE);
  // A guest has no saved cards, and nowhere to save this one.
  await expect(card.getByRole('radio')).toHaveCount(0);
  await expect(card.getByLabel('Save this card')).toHaveCount(0);
  await fillCard(card, '4242 4242 4242 4242');
  await expect(card.getByLabel('Card Number')).toHaveValue('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Go to Checkout' }).click();

  const number = await confirmation(page);
  await expectPayment(page, 'Visa •••• 4242', 'Paid');
  await expect(page.getByRole('list', { name: 'Order status' }).getByRole('listitem').nth(1)).toHaveText(/^Paid/);
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  const { data } = await (await request.get(`/api/order/${number}?token=${new URL(page.url()).searchParams.get('token')}`)).json();
  expect(data.order).toMatchObject({ paymentStatus: 'paid', paymentMethod: 'card', card: { brand: 'visa', last4: '4242' } });
  expectNoCardNumber(bodies, '4242 4242 4242 4242');
});

test('a shopper saves a card, is declined with a new one, pays with the saved one, and is refunded on cancelling', async ({ page, request }) => {
  const [product] = await stockedProducts(request, 1, 9);
  const bodies = apiBodies(page);
  await signIn(page, request);

  // Payment Methods: no cards yet; Add New Card saves one through the provider.
  await page.goto('/payment-methods');
  await expect(page.getByText('No saved cards yet')).toBeVisible();
  await expect(page.getByText('No transactions yet')).toBeVisible();
  await page.getByRole('button', { name: 'New Payment Method' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Card' });
  await expect(dialog.getByRole('note')).toHaveText(TEST_MODE);
  await fillCard(dialog, '4242424242424242');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Payment method added')).toBeVisible();
  const saved = page.getByRole('list', { name: 'Saved cards' }).getByRole('listitem');
  await expect(saved).toHaveCount(1);
  await expect(saved.first()).toHaveAccessibleName('Visa •••• 4242');
  // The first card saved is the primary one.
  await expect(saved.first()).toContainText('Primary');
  await expect(saved.first()).toContainText('Expires 12/30');

  // Checkout: the saved card is picked; a new card is declined.
  await addToCart(page, product, 1, 1);
  await page.goto('/checkout');
  await fillPickup(page, { name: 'Ada Lovelace' });
  const card = page.getByRole('group', { name: 'Card' });
  await expect(card.getByRole('note')).toHaveText(TEST_MODE);
  const savedChoice = card.getByRole('radio', { name: /^Visa •••• 4242/ });
  await expect(savedChoice).toBeChecked();
  await card.getByRole('radio', { name: 'Use a new card' }).check();
  await fillCard(card, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Go to Checkout' }).click();
  await expect(card.getByRole('alert')).toHaveText('Your card was declined.');
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  // Another card, another attempt: the saved one pays.
  await savedChoice.check();
  await expect(card.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Go to Checkout' }).click();
  const number = await confirmation(page);
  await expectPayment(page, 'Visa •••• 4242', 'Paid');
  const total = rupees(totalsOf([[product, 1]], 'pickup').total);

  // Transaction History shows the capture.
  await page.goto('/payment-methods/transection-history');
  const rows = page.getByRole('list', { name: 'Transactions' }).getByRole('listitem');
  const capture = rows.filter({ hasText: `Payment for order #${number}` });
  await expect(capture).toHaveCount(1);
  await expect(capture).toContainText('•••• 4242');
  await expect(capture).toContainText(total);
  // The declined try is there too, with the provider's words: no order was placed for it.
  const declined = rows.filter({ hasText: 'Your card was declined.' });
  await expect(declined).toHaveCount(1);
  await expect(declined).toContainText('•••• 0002');
  await expect(declined).toContainText('no order placed');
  await expect(declined).toContainText('Failed');

  // Cancelling the paid order refunds it.
  await capture.getByRole('link', { name: `#${number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/my-orders/${number}$`));
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel this order?' });
  await expect(cancel).toContainText('The payment is refunded to your card.');
  await cancel.getByRole('button', { name: 'Yes, cancel order' }).click();
  await expect(page.getByText(/Status: Cancelled/)).toBeVisible();
  await expectPayment(page, 'Visa •••• 4242', 'Refunded');
  await expect(page.getByRole('list', { name: 'Order status' }).getByRole('listitem').last()).toHaveText(/^Refunded/);

  await page.goto('/payment-methods/transection-history');
  const refund = rows.filter({ hasText: `Refund for order #${number}` });
  await expect(refund).toHaveCount(1);
  await expect(refund).toContainText(`-${total}`);
  // Newest first: the refund leads.
  await expect(rows.first()).toContainText(`Refund for order #${number}`);
  // The Payment Methods page previews the newest three.
  await page.getByRole('link', { name: 'Back to Payment Methods' }).click();
  await expect(page.getByRole('list', { name: 'Transactions' }).getByRole('listitem').first()).toContainText(`Refund for order #${number}`);

  expectNoCardNumber(bodies, '4242 4242 4242 4242');
  expectNoCardNumber(bodies, '4000 0000 0000 0002');
});

test('a card that asks for 3-D Secure goes through the bank’s page and lands on the paid order', async ({ page, request }) => {
  const [product] = await stockedProducts(request, 1, 10);
  await addToCart(page, product, 1, 1);
  await page.goto('/checkout');
  await fillPickup(page, { name: 'Ada Lovelace', email: newEmail('card-3ds') });
  await fillCard(page.getByRole('group', { name: 'Card' }), '4000 0000 0000 3220');
  await page.getByRole('button', { name: 'Go to Checkout' }).click();

  await expect(page).toHaveTitle('3-D Secure test challenge');
  await expect(page).toHaveURL(/\/testpsp\/v1\/challenge\//);
  await page.getByRole('button', { name: 'Complete' }).click();

  const number = await confirmation(page);
  await expectPayment(page, 'Visa •••• 3220', 'Paid');
  await expect(page.getByText('Waiting for your bank to confirm the payment')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: `Order #${number}`, exact: true })).toBeVisible();
});

/** Every card number the tests in this file type in. */
const TYPED_NUMBERS = ['4242 4242 4242 4242', '4000 0000 0000 0002', '4000 0000 0000 3220'];

// One worker runs the files in turn and this file's tests in order, so this runs after
// the tests above and searches what they left behind, with a card of its own as well.
test('no card number is in the server log, the database, the mail or anywhere in the data dir', async ({ request }) => {
  const tokenized = await request.post('/testpsp/v1/tokens', {
    data: { number: '4000 0000 0000 0341', expMonth: 12, expYear: 2099, cvc: '123', holderName: 'Ada Lovelace' },
  });
  expect(tokenized.ok()).toBe(true);
  expect(await tokenized.json()).toMatchObject({ last4: '0341' });

  const dataDir = process.env.SHOP_E2E_DATA_DIR!;
  const files = readdirSync(dataDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
  const names = files.map((file) => path.relative(dataDir, file));
  // The places a number would be: the log (which did record this run) and the database,
  // with the mail in outbox/ once the tests above have sent some.
  expect(names).toEqual(expect.arrayContaining(['server.log', 'shop.db']));
  expect(readFileSync(path.join(dataDir, 'server.log'), 'utf8')).toContain('serving on http');
  for (const number of [...TYPED_NUMBERS, '4000 0000 0000 0341']) {
    // The digits in a row, or grouped by spaces or dashes.
    const written = new RegExp(number.replace(/\D/g, '').split('').join('[ -]?'));
    for (const file of files) expect(written.test(readFileSync(file, 'latin1')), `${number} in ${path.relative(dataDir, file)}`).toBe(false);
  }
});
