import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { addToCart, allProducts, type ApiProduct, cents, latestMail, newEmail, rupees, signIn, totalsOf } from './helpers';

const PHONE = '+447946095800';

/** In-stock products with room for a few of each (the tests share one catalogue). */
async function stockedProducts(request: APIRequestContext, count: number, skip = 0): Promise<ApiProduct[]> {
  const stocked = (await allProducts(request)).filter((p) => p.stock >= 10);
  return stocked.slice(skip, skip + count);
}

/** Pickup's 'Your details'. */
async function fillPickup(page: Page, { name, email }: { name: string; email?: string }) {
  const details = page.getByRole('group', { name: 'Your details' });
  await details.getByLabel('Name').fill(name);
  await details.getByLabel('Phone Number').fill(PHONE);
  if (email !== undefined) await details.getByLabel('Email Address').fill(email);
}

/** Chooses cash on delivery, places the order and waits for checkout's confirmation;
 * resolves to the order's number. */
async function placeOrder(page: Page): Promise<string> {
  // Bank (card) is the default (payments.spec.ts pays by card).
  await expect(page.getByRole('radio', { name: /^Bank/ })).toBeChecked();
  await page.getByRole('radio', { name: 'Cash On Delivery' }).check();
  await page.getByRole('button', { name: 'Go to Checkout' }).click();
  await expect(page).toHaveURL(/\/orders\/\d+\?token=[^&]+&placed=1$/);
  const number = /\/orders\/(\d+)\?/.exec(page.url())![1];
  await expect(page.getByRole('heading', { name: `Thank you, your order #${number} is placed` })).toBeVisible();
  return number;
}

/** The order page's figures, in the cart's rupee reading, and the VAT the total
 * includes, per rate (docs/DESIGN.md §10; the server's tests check its amounts). */
async function expectTotals(page: Page, totals: ReturnType<typeof totalsOf>) {
  const figures = page.getByLabel('Order totals');
  await expect(figures.getByRole('definition').first()).toHaveText(rupees(totals.subtotal));
  const terms = await figures.getByRole('term').allTextContents();
  const rates = terms.filter((term) => /^Includes VAT at \d+(\.\d+)?%$/.test(term));
  expect(rates.length).toBeGreaterThan(0);
  await expect(figures.getByRole('definition')).toHaveText([
    rupees(totals.subtotal),
    `-${rupees(totals.discount)}`,
    rupees(totals.fee),
    rupees(totals.total),
    ...rates.map(() => /^₹\d+\.\d\d$/),
  ]);
}

/** The order page's line for `product`. */
async function expectLine(page: Page, product: ApiProduct, quantity: number) {
  const line = page.getByRole('list', { name: 'Items', exact: true }).getByRole('listitem', { name: product.name });
  await expect(line).toContainText(`${quantity} × ${rupees(cents(product.discountedPrice))}`);
  await expect(line).toContainText(rupees(cents(product.discountedPrice) * quantity));
}

/** The order's mail with its link, once the mail worker has written it to the outbox. */
const orderMail = (email: string, number: string, what: string) =>
  latestMail(email, 0, (mail) => mail.includes(`order ${number} ${what}`) && mail.includes(`/orders/${number}?token=`));

/** The signed link an order mail carries. */
const linkIn = (mail: string, number: string) => new RegExp(`(http://\\S+/orders/${number}\\?token=[^\\s"<&]+)`).exec(mail)![1];

test('a guest buys for pickup with cash, sees the confirmation, and opens the mailed link signed out', async ({ page, request, browser, baseURL }) => {
  const [product] = await stockedProducts(request, 1, 2);
  const email = newEmail('guest-pickup');
  await addToCart(page, product, 2, 2);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Go to Checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Your CheckOut' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Pickup' })).toHaveAttribute('aria-checked', 'true');
  await fillPickup(page, { name: 'Ada Lovelace', email });
  const totals = totalsOf([[product, 2]], 'pickup');
  await expect(page.getByTestId('summary-total')).toHaveText(rupees(totals.total));

  // The order is held at the server's door until the pending button has been seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/order', async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.continue();
  });
  await page.getByRole('radio', { name: 'Cash On Delivery' }).check();
  await page.getByRole('button', { name: 'Go to Checkout' }).click();
  await expect(page.getByRole('button', { name: 'Placing order...' })).toBeDisabled();
  release();
  await expect(page).toHaveURL(/\/orders\/\d+\?token=[^&]+&placed=1$/);
  const number = /\/orders\/(\d+)\?/.exec(page.url())![1];

  await expect(page.getByRole('heading', { name: `Order #${number}`, exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Thank you, your order #${number} is placed` })).toBeVisible();
  await expect(page.getByText(`We have e-mailed a confirmation to ${email}`)).toBeVisible();
  await expectLine(page, product, 2);
  await expectTotals(page, totals);
  await expect(page.getByRole('heading', { name: 'Pickup', exact: true })).toBeVisible();
  // The cart is emptied once the order is placed.
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();

  const mail = await orderMail(email, number, 'is placed');
  expect(mail).toContain(`2 x ${product.name}  ${rupees(cents(product.discountedPrice) * 2)}`);
  expect(mail).toContain(`Total: ${rupees(totals.total)}`);
  const link = linkIn(mail, number);
  expect(new URL(link).origin).toBe(new URL(baseURL!).origin);

  // Someone with only the mail, signed out in another browser, sees the order.
  const stranger = await browser.newContext();
  try {
    const other = await stranger.newPage();
    await other.goto(link);
    await expect(other.getByRole('heading', { name: `Order #${number}`, exact: true })).toBeVisible();
    await expect(other.getByRole('link', { name: 'Sign Up/Sign In' })).toBeVisible();
    await expectLine(other, product, 2);
    await expectTotals(other, totals);
    await expect(other.getByRole('list', { name: 'Order status' }).getByRole('listitem').first()).toHaveText(/^Placed/);
    // The tax invoice opens from the page the link opened: a PDF naming the line.
    const download = other.waitForEvent('download');
    await other.getByRole('button', { name: /^Invoice INV-\d{6} \(PDF\)$/ }).click();
    const invoice = await download;
    expect(invoice.suggestedFilename()).toMatch(/^INV-\d{6}\.pdf$/);
    const pdf = readFileSync(await invoice.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString();
    expect(text).toContain('Tax invoice');
    expect(text).toContain(product.name.slice(0, 30));
    expect(text).toContain(rupees(totals.total));
    // The confirmation belongs to checkout, not to the mailed link.
    await expect(other.getByText('We have e-mailed a confirmation')).toHaveCount(0);
    // Without the token, the same order is not to be found.
    await other.goto(`/orders/${number}`);
    await expect(other.getByRole('alert')).toContainText('Order not found');
  } finally {
    await stranger.close();
  }
});

test('a guest buys for delivery, giving the Contact Information', async ({ page, request }) => {
  const [product] = await stockedProducts(request, 1, 3);
  const email = newEmail('guest-delivery');
  await addToCart(page, product, 1, 1);
  await page.goto('/checkout');
  // What was typed for pickup is offered to delivery.
  await page.getByRole('group', { name: 'Your details' }).getByLabel('Email Address').fill(email);
  await page.getByRole('radio', { name: 'Delivery', exact: true }).click();
  const contact = page.getByRole('group', { name: 'Contact Information' });
  await expect(contact).toBeVisible();
  await expect(contact.getByLabel('Email Address')).toHaveValue(email);
  // A guest has no profile to save the address to.
  await expect(contact.getByLabel('Save address to my profile')).toHaveCount(0);
  await contact.getByLabel('First Name').fill('Grace');
  await contact.getByLabel('Company Name').fill('Pipe Works Ltd');
  await contact.getByLabel('Street Address').fill('12 Valve Street');
  await contact.getByLabel('Apartment floor etc.').fill('Flat 3');
  await contact.getByLabel('Town/City').fill('Leeds');
  await contact.getByLabel('Phone Number').fill(PHONE);
  const totals = totalsOf([[product, 1]], 'delivery');
  await expect(page.getByTestId('summary-delivery')).toHaveText('₹100.00');
  await expect(page.getByTestId('summary-total')).toHaveText(rupees(totals.total));

  const number = await placeOrder(page);
  await expect(page.getByText(`We have e-mailed a confirmation to ${email}`)).toBeVisible();
  await expectLine(page, product, 1);
  await expectTotals(page, totals);
  await expect(page.getByRole('heading', { name: 'Delivery', exact: true })).toBeVisible();
  for (const part of ['Pipe Works Ltd', '12 Valve Street', 'Flat 3', 'Leeds']) {
    await expect(page.getByRole('main').getByText(part, { exact: true })).toBeVisible();
  }
  const mail = await orderMail(email, number, 'is placed');
  expect(mail).toContain('Delivery to Grace, Pipe Works Ltd, 12 Valve Street, Flat 3, Leeds');
  expect(mail).toContain(`Delivery Fee: ${rupees(10_000)}`);
});

test('a signed-in shopper finds both orders in My Orders, newest first, and cancels one', async ({ page, request }) => {
  const [forDelivery, forPickup] = await stockedProducts(request, 2, 4);
  const email = newEmail('buyer');
  await signIn(page, request, email);

  await addToCart(page, forDelivery, 1, 1);
  await page.goto('/checkout');
  await page.getByRole('radio', { name: 'Delivery', exact: true }).click();
  const contact = page.getByRole('group', { name: 'Contact Information' });
  await expect(contact.getByLabel('Email Address')).toHaveValue(email);
  await expect(contact.getByLabel('Save address to my profile')).toBeVisible();
  await contact.getByLabel('First Name').fill('Ada');
  await contact.getByLabel('Street Address').fill('1 Pipe Lane');
  await contact.getByLabel('Town/City').fill('Leeds');
  await contact.getByLabel('Phone Number').fill(PHONE);
  const delivered = await placeOrder(page);
  await expect(page.getByText(`We have e-mailed a confirmation to ${email}`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();

  await addToCart(page, forPickup, 2, 2);
  await page.goto('/checkout');
  await expect(page.getByRole('group', { name: 'Your details' }).getByLabel('Email Address')).toHaveValue(email);
  await fillPickup(page, { name: 'Ada Lovelace' });
  const collected = await placeOrder(page);
  expect(Number(collected)).toBeGreaterThan(Number(delivered));

  await page.goto('/my-orders');
  await expect(page.getByRole('heading', { name: 'Orders Details' })).toBeVisible();
  const orders = page.getByRole('list', { name: 'Orders' }).getByRole('listitem');
  await expect(orders).toHaveCount(2);
  await expect(orders.nth(0)).toHaveAccessibleName(`Order #${collected}`);
  await expect(orders.nth(1)).toHaveAccessibleName(`Order #${delivered}`);
  await expect(orders.nth(0)).toContainText(rupees(totalsOf([[forPickup, 2]], 'pickup').total));
  await expect(orders.nth(0)).toContainText('2 items:');
  await expect(orders.nth(1)).toContainText(rupees(totalsOf([[forDelivery, 1]], 'delivery').total));
  for (const i of [0, 1]) await expect(orders.nth(i)).toContainText('Placed');

  await orders.nth(1).getByRole('link', { name: `Order #${delivered}` }).click();
  await expect(page).toHaveURL(new RegExp(`/my-orders/${delivered}$`));
  await expect(page.getByRole('heading', { name: `Order #${delivered}`, exact: true })).toBeVisible();
  await expectLine(page, forDelivery, 1);
  const steps = page.getByRole('list', { name: 'Order status' }).getByRole('listitem');
  await expect(steps).toHaveText([/^Placed[A-Z][a-z]{2} \d{2}, \d{4}$/, 'ShippedNot yet', 'DeliveredNot yet']);
  await expect(steps.first()).toHaveAttribute('aria-current', 'step');

  // The dialog asks first; keeping the order changes nothing.
  const cancel = page.getByRole('button', { name: 'Cancel order' });
  const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
  await cancel.click();
  await expect(dialog).toContainText(`Order #${delivered} will be cancelled`);
  await dialog.getByRole('button', { name: 'Keep order' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(/Status: Placed/)).toBeVisible();

  await cancel.click();
  await dialog.getByRole('button', { name: 'Yes, cancel order' }).click();
  await expect(page.getByText(`Order #${delivered} has been cancelled`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(/Status: Cancelled/)).toBeVisible();
  await expect(steps).toHaveText([/^Placed/, /^Cancelled[A-Z][a-z]{2} \d{2}, \d{4}$/]);
  await expect(cancel).toHaveCount(0);
  await orderMail(email, delivered, 'is cancelled');

  await page.getByRole('link', { name: 'Back to My Orders' }).click();
  await expect(orders.nth(0)).toContainText('Placed');
  await expect(orders.nth(1)).toHaveAccessibleName(`Order #${delivered}`);
  await expect(orders.nth(1)).toContainText('Cancelled');
});

test('the product page shows the lowered stock after a purchase, and the restored stock after cancelling', async ({ page, request }) => {
  const low = (await allProducts(request)).find((p) => p.stock >= 3 && p.stock < 10)!;
  const stockOf = async () => (await (await request.get(`/api/product/${low._id}`)).json()).data.product.stock as number;
  const before = await stockOf();
  // The product's own details: the part of the page around its name, without the related cards.
  const details = page
    .getByRole('main')
    .locator('div')
    .filter({ has: page.getByRole('heading', { level: 1, name: low.name }) })
    .filter({ hasNot: page.getByRole('region', { name: 'You might also like' }) })
    .first();
  await addToCart(page, low, 2, 2);
  await expect(details.getByText(`Only ${before} left in stock`, { exact: true })).toBeVisible();

  // On to checkout within the storefront, so the product stays in its cache.
  await page.getByRole('link', { name: 'Cart, 2 items' }).click();
  await page.getByRole('button', { name: 'Go to Checkout' }).click();
  await fillPickup(page, { name: 'Ada Lovelace', email: newEmail('stock') });
  const number = await placeOrder(page);
  expect(await stockOf()).toBe(before - 2);
  // The page opened from the order shows the stock as it is now, not as it was cached
  // when the product was added.
  await page.getByRole('list', { name: 'Items', exact: true }).getByRole('link', { name: low.name }).click();
  // The line's link names its variant (docs/DESIGN.md §9).
  await expect(page).toHaveURL(new RegExp(`/product/${low._id}\\?variant=[0-9a-f]{24}$`));
  await expect(details.getByText(`Only ${before - 2} left in stock`, { exact: true })).toBeVisible();

  // Cancelling puts the units back on the shelf.
  await page.goBack();
  await expect(page.getByRole('heading', { name: `Order #${number}`, exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await page.getByRole('dialog', { name: 'Cancel this order?' }).getByRole('button', { name: 'Yes, cancel order' }).click();
  await expect(page.getByText(/Status: Cancelled/)).toBeVisible();
  expect(await stockOf()).toBe(before);
  await page.getByRole('list', { name: 'Items', exact: true }).getByRole('link', { name: low.name }).click();
  await expect(details.getByText(`Only ${before} left in stock`, { exact: true })).toBeVisible();
});
