// Returns (docs/DESIGN.md §12): a guest returns one of two fittings from a collected cash
// order through the order link, with a reason and a photo; staff approve it, receive it
// (back on sale) and refund it in the console; the shopper then sees the refund on the
// return and on the order, with its credit note.
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { consoleToken, latestMail, newEmail, newProduct, png, signInToConsole } from './helpers';

const PHONE = '+447946095800';

/** A guest's cash order for pickup of one of each product, placed through the API;
 * resolves to its number and the order link's token. */
async function placeGuestOrder(request: APIRequestContext, productIds: string[], email: string) {
  const response = await request.post('/api/order', {
    headers: { 'Idempotency-Key': `returns-${Date.now()}-${Math.floor(Math.random() * 1e6)}` },
    data: {
      fulfilment: 'pickup',
      contact: { firstName: 'Ada Lovelace', phoneNumber: PHONE, emailAddress: email },
      saveAddress: false,
      payment: { method: 'cod' },
      items: productIds.map((productId) => ({ productId, quantity: 1 })),
    },
  });
  expect(response.status()).toBe(201);
  const { data } = await response.json();
  return { number: data.order.number as string, token: data.token as string };
}

/** Staff record the cash and hand the order over: paid, ready, collected. */
async function completeOrder(request: APIRequestContext, staffToken: string, number: string) {
  const headers = { Authorization: `Bearer ${staffToken}` };
  expect((await request.post(`/api/admin/order/${number}/paid`, { headers })).status()).toBe(200);
  for (const status of ['ready_for_pickup', 'completed']) {
    expect((await request.post(`/api/admin/order/${number}/status`, { headers, data: { status } })).status()).toBe(200);
  }
}

const stockOf = async (request: APIRequestContext, productId: string) => (await (await request.get(`/api/product/${productId}`)).json()).data.product.stock as number;

test('a guest returns one of two fittings with a photo; staff approve, receive and refund it; the shopper sees the refund and its credit note', async ({ page, request }) => {
  const stamp = Date.now().toString(36);
  const kept = `Return Test Elbow ${stamp}`;
  const returned = `Return Test Tee ${stamp}`;
  const staffToken = await consoleToken(request);
  const keptId = await newProduct(request, staffToken, kept, 5);
  const returnedId = await newProduct(request, staffToken, returned, 5);
  const email = newEmail('returns');
  const order = await placeGuestOrder(request, [keptId, returnedId], email);
  await completeOrder(request, staffToken, order.number);
  expect(await stockOf(request, returnedId)).toBe(4);

  // The order link opens the collected order, which offers its items back.
  const orderPage = `/orders/${order.number}?token=${encodeURIComponent(order.token)}`;
  await page.goto(orderPage);
  await expect(page.getByRole('heading', { name: `Order #${order.number}`, exact: true })).toBeVisible();
  await expect(page.getByText(/^You can return items until [A-Z][a-z]{2} \d{2}, \d{4}$/)).toBeVisible();
  await page.getByRole('link', { name: 'Return items' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.number}/return\\?token=`));
  await expect(page.getByRole('heading', { level: 1, name: 'Return items' })).toBeVisible();

  // One of the two, the wrong size, with a photo. Asking without a reason is refused here.
  const items = page.getByRole('list', { name: 'Items', exact: true });
  await expect(items.getByRole('listitem')).toHaveCount(2);
  const line = items.getByRole('listitem', { name: returned });
  await line.getByRole('checkbox', { name: `Return this item: ${returned}` }).check();
  await page.getByRole('button', { name: 'Request return' }).click();
  await expect(line.getByLabel('Reason')).toHaveAttribute('aria-invalid', 'true');
  await line.getByLabel('Reason').selectOption({ label: 'Wrong size' });
  await page.getByLabel('Note').fill('Too small for the pipe');
  await page.getByLabel('Photos (up to 5)').setInputFiles({ name: 'tee.png', mimeType: 'image/png', buffer: png(4, 4, [200, 40, 40]) });
  await expect(page.getByRole('list', { name: 'Chosen photos' }).getByRole('img', { name: 'tee.png' })).toBeVisible();
  const since = Date.now();
  await page.getByRole('button', { name: 'Request return' }).click();

  // Its page: Requested, the line, the photo and the estimate (12.50 less the order's 20 %).
  await expect(page).toHaveURL(/\/returns\/[^/?]+\?token=/);
  const heading = page.getByRole('heading', { level: 1, name: /^Return R-\d{6}$/ });
  await expect(heading).toBeVisible();
  const number = (await heading.textContent())!.replace('Return ', '');
  const returnPage = new URL(page.url()).pathname + new URL(page.url()).search;
  const returnId = /\/returns\/([^/?]+)/.exec(returnPage)![1];
  await expect(page.getByText(/Status: Requested/)).toBeVisible();
  const steps = page.getByRole('list', { name: 'Return status' }).getByRole('listitem');
  await expect(steps).toHaveText([/^Requested[A-Z][a-z]{2} \d{2}, \d{4}$/]);
  const returnedLine = page.getByRole('list', { name: 'Items', exact: true }).getByRole('listitem', { name: returned });
  await expect(returnedLine).toContainText('Quantity: 1 · Reason: Wrong size');
  await expect(page.getByRole('list', { name: 'Items', exact: true }).getByRole('listitem')).toHaveCount(1);
  const photo = page.getByRole('img', { name: 'Photo 1 of the return' });
  await expect(photo).toBeVisible();
  // The signed address serves the picture itself.
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByText('Estimated refund ₹10.00')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel return' })).toBeVisible();
  // The shopper is mailed a link to the same page.
  const mail = await latestMail(email, since, (m) => m.includes(`We have your return ${number}`));
  expect(mail).toMatch(new RegExp(`/returns/${returnId}\\?token=`));

  // Staff: Returns, the return, Approve, Receive (it came back and goes back on sale), Refund.
  await signInToConsole(page);
  await page.getByRole('link', { name: 'Returns', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Returns' })).toBeVisible();
  await page.getByRole('link', { name: number, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Return ${number}` })).toBeVisible();
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  await page.getByRole('button', { name: 'Receive', exact: true }).click();
  await page.getByLabel(`Came back: ${returned}`).fill('1');
  await page.getByLabel(`Back on sale: ${returned}`).fill('1');
  await page.getByRole('button', { name: 'Mark received' }).click();
  await expect(page.getByRole('button', { name: 'Refund', exact: true })).toBeVisible();
  expect(await stockOf(request, returnedId)).toBe(5);
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page.getByLabel('Amount')).toHaveValue('10.00');
  await page.getByRole('button', { name: 'Refund ₹10.00' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm refund' }).click();
  await expect(page.getByText('Refunded ₹10.00')).toBeVisible();

  // The shopper: the return is refunded, every step on its timeline.
  await page.goto(returnPage);
  await expect(page.getByRole('heading', { level: 1, name: `Return ${number}` })).toBeVisible();
  await expect(page.getByText(/Status: Refunded/)).toBeVisible();
  await expect(page.getByText('Refunded ₹10.00')).toBeVisible();
  await expect(page.getByText(/Estimated refund/)).toHaveCount(0);
  await expect(steps).toHaveText([/^Requested/, /^Approved/, /^Received/, /^Refunded/]);
  await expect(returnedLine).toContainText('1 came back');
  await expect(page.getByRole('button', { name: 'Cancel return' })).toHaveCount(0);
  await expect(page.getByLabel('Add a photo')).toHaveCount(0);

  // And the order: what was refunded, its credit note, the return; the other fitting can still go back.
  await page.getByRole('link', { name: `#${order.number}`, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Order #${order.number}`, exact: true })).toBeVisible();
  await expect(page.getByLabel('Order totals')).toContainText('Refunded−₹10.00');
  await expect(page.getByRole('region', { name: 'Payment' })).toContainText('Partially refunded');
  await expect(page.getByRole('button', { name: /^Credit note CN-\d{6} \(PDF\)$/ })).toBeVisible();
  const listed = page.getByRole('list', { name: 'Returns' }).getByRole('listitem', { name: `Return ${number}` });
  await expect(listed).toContainText('Refunded ₹10.00');
  await expect(listed.getByRole('link', { name: number })).toHaveAttribute('href', new RegExp(`/returns/[^?]+\\?token=`));
  await page.getByRole('link', { name: 'Return items' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.number}/return\\?token=`));
  await expect(page.getByRole('list', { name: 'Items', exact: true }).getByRole('listitem')).toHaveText([new RegExp(kept)]);
});
