// Back-in-stock alerts (docs/DESIGN.md §12): a guest asks on a sold-out product, the
// console counts the alert, staff restock, and the mail arrives once with its product
// link and a one-click unsubscribe link the storefront's page honours.
import { expect, test } from './fixtures';

import { consoleToken, latestMail, mailsTo, newEmail, newProduct, signInToConsole } from './helpers';

test('a guest asks to hear when a sold-out valve is back, staff restock it, and the one mail arrives with a working unsubscribe link', async ({ page, request }) => {
  const name = `Alert Test Valve ${Date.now().toString(36)}`;
  const token = await consoleToken(request);
  const productId = await newProduct(request, token, name, 0);
  const email = newEmail('alert');

  await page.goto(`/product/${productId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const form = page.getByRole('form', { name: 'Email me when it is back' });
  await form.getByLabel('Email Address').fill(email);
  await form.getByRole('button', { name: 'Email me when it is back' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'We will e-mail you when it is back' })).toBeVisible();

  // The console counts it on the product's form.
  await signInToConsole(page);
  await page.goto(`/admin/products/${productId}`);
  await expect(page.getByTitle('Back-in-stock e-mails waiting')).toHaveText('1 waiting');

  // Staff restock: the alert worker mails it once.
  const since = Date.now();
  const restock = await request.post(`/api/admin/product/${productId}/stock`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { change: 5, reason: 'Delivery from supplier' },
  });
  expect(restock.status()).toBe(200);
  const mail = await latestMail(email, since, (m) => m.includes(`${name} is back in stock`));
  expect(mail).toContain(`/product/${productId}`);
  expect(mail).toMatch(/List-Unsubscribe: <http:\/\/\S+\/api\/alert\/unsubscribe\?token=/);
  expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  expect(mailsTo(email, since).filter((m) => m.includes('is back in stock'))).toHaveLength(1);

  // The body's link opens the storefront's page, which unsubscribes the address.
  const link = /(http:\/\/[^/\s]+\/unsubscribe\?token=[^\s"<&>]+)/.exec(mail)![1];
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByText('You will get no more back-in-stock e-mails')).toBeVisible();
  await page.reload();
  await expect(page.getByText('You will get no more back-in-stock e-mails')).toBeVisible();
});
