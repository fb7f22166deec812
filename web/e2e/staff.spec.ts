// Staff (docs/DESIGN.md §13): the owner invites a warehouse member from the Staff page;
// the member opens the mailed link, chooses a password and lands in a console that shows
// only what the warehouse may do (no Settings, no Staff, no Cancel or Mark paid on an
// order); the server refuses the rest; once disabled, their session ends.
import { expect, test } from './fixtures';
import { consoleToken, latestMail, newEmail, newProduct, signInToConsole } from './helpers';

test('an owner invites a warehouse member, who sees and may do only the warehouse’s part', async ({ page, browser, request }) => {
  const email = newEmail('warehouse');
  const token = await consoleToken(request);
  const productId = await newProduct(request, token, `Staff washer ${Date.now()}`, 5);
  const placed = await request.post('/api/order', {
    headers: { 'Idempotency-Key': `staff-${Date.now()}` },
    data: {
      fulfilment: 'pickup',
      contact: { firstName: 'Ada', phoneNumber: '+447946095800', emailAddress: newEmail('buyer') },
      saveAddress: false,
      payment: { method: 'cod' },
      items: [{ productId, quantity: 1 }],
    },
  });
  expect(placed.status()).toBe(201);
  const number = (await placed.json()).data.order.number as string;

  // The owner invites them.
  await signInToConsole(page);
  await page.getByRole('link', { name: 'Staff' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  const sent = Date.now() - 1000;
  const invite = page.getByRole('region', { name: 'Invite' });
  await invite.getByLabel('Email').fill(email);
  await invite.getByLabel('Role', { exact: true }).selectOption('warehouse');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  const table = page.getByRole('region', { name: 'Staff table' });
  await expect(table.getByRole('row', { name: new RegExp(email) })).toContainText('Invited');

  // The member accepts in a browser of their own.
  const mail = await latestMail(email, sent, (text) => text.includes('/admin/accept-invite?token='));
  const link = mail.match(/https?:\/\/\S+\/admin\/accept-invite\?token=[A-Za-z0-9_-]+/)![0];
  const member = await browser.newContext();
  const theirs = await member.newPage();
  await theirs.goto(new URL(link).pathname + new URL(link).search);
  await expect(theirs.getByRole('heading', { level: 1, name: 'Join the staff' })).toBeVisible();
  await theirs.getByLabel('Password', { exact: true }).fill('Warehouse1');
  await theirs.getByLabel('Confirm password').fill('Warehouse1');
  await theirs.getByRole('button', { name: 'Join the staff' }).click();
  await expect(theirs.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  // The console shows the warehouse its part only.
  const nav = theirs.getByRole('navigation').first();
  await expect(nav.getByRole('link', { name: 'Orders' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Products' })).toBeVisible();
  for (const hidden of ['Settings', 'Staff', 'Webhooks', 'Promo codes', 'Customers']) {
    await expect(nav.getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
  }
  await theirs.goto(`/admin/orders/${number}`);
  await expect(theirs.getByRole('heading', { level: 1, name: `Order #${number}` })).toBeVisible();
  await expect(theirs.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await expect(theirs.getByRole('button', { name: /Mark paid/ })).toHaveCount(0);
  await theirs.goto('/admin/settings');
  await expect(theirs.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();

  // The server holds the same line whatever the console shows.
  const session = JSON.parse((await theirs.evaluate(() => localStorage.getItem('console-auth-storage'))) ?? '{}');
  const memberToken = session.state?.accessToken;
  expect(memberToken).toBeTruthy();
  const refused = await request.post(`/api/admin/order/${number}/paid`, { headers: { Authorization: `Bearer ${memberToken}` } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe('Your role does not allow this');

  // Disabled by the owner, their next request is refused.
  await page.reload();
  const row = table.getByRole('row', { name: new RegExp(email) });
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: `Disable ${email}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, disable' }).click();
  await expect(row).toContainText('Disabled');
  const after = await request.get('/api/admin/order', { headers: { Authorization: `Bearer ${memberToken}` } });
  expect(after.status()).toBe(401);
  await member.close();
});
