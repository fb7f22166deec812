import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { addToCart, allProducts, newEmail, rupees, totalsOf } from './helpers';

const ADMIN_EMAIL = process.env.SHOP_E2E_ADMIN_EMAIL!;
const ADMIN_PASSWORD = process.env.SHOP_E2E_ADMIN_PASSWORD!;

/** Types `code` into the cart's promo box and applies it. */
async function applyPromo(page: Page, code: string) {
  await page.getByRole('textbox', { name: 'Promo code' }).fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
}

test('a promo code with one use: an administrator creates it, a shopper orders with it, the next is told it is used up', async ({ page, browser, baseURL }) => {
  // A code of its own, so the shared test shop's other tests never meet it.
  const code = `ONCE${Date.now()}`;
  const [product] = (await allProducts(page.request)).filter((p) => p.stock >= 10).slice(8, 9);

  const console = await browser.newContext({ baseURL });
  try {
    const admin = await console.newPage();
    await admin.goto('/admin/login');
    await admin.getByLabel('Email').fill(ADMIN_EMAIL);
    await admin.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await admin.getByRole('button', { name: 'Sign in' }).click();
    await admin.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Promo codes' }).click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Promo codes' })).toBeVisible();
    await admin.getByRole('link', { name: 'New promo code' }).click();
    await admin.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
    await admin.getByRole('radio', { name: 'A percentage' }).check();
    await admin.getByLabel('Percentage off').fill('10');
    await admin.getByLabel('Usage limit (optional)').fill('1');
    await admin.getByRole('button', { name: 'Create promo code' }).click();
    await expect(admin).toHaveURL(/\/admin\/promo-codes$/);
    const row = admin.getByRole('region', { name: 'Promo codes table' }).getByRole('row').filter({ hasText: code });
    // Saved in capitals, unused, one use allowed.
    await expect(row).toContainText('10% off');
    await expect(row).toContainText('0 / 1');

    // A guest applies it in the cart in small letters: 10 % of the goods after the shop's 20 %.
    await addToCart(page, product, 1, 1);
    await page.goto('/cart');
    await applyPromo(page, code.toLowerCase());
    const delivery = totalsOf([[product, 1]], 'delivery');
    const off = Math.round((delivery.subtotal - delivery.discount) * 0.1);
    await expect(page.getByText(`Promo code ${code}`)).toBeVisible();
    await expect(page.getByTestId('summary-promo')).toHaveText(`-${rupees(off)}`);
    await expect(page.getByTestId('summary-total')).toHaveText(rupees(delivery.total - off));

    // Checkout carries it, priced for pickup, and the order is placed with it.
    await page.getByRole('button', { name: 'Go to Checkout' }).click();
    const pickup = totalsOf([[product, 1]], 'pickup');
    await expect(page.getByText(`Promo code ${code}`)).toBeVisible();
    await expect(page.getByTestId('summary-total')).toHaveText(rupees(pickup.total - off));
    const details = page.getByRole('group', { name: 'Your details' });
    await details.getByLabel('Name').fill('Grace Hopper');
    await details.getByLabel('Phone Number').fill('+447946095800');
    await details.getByLabel('Email Address').fill(newEmail('promo-buyer'));
    await page.getByRole('radio', { name: 'Cash On Delivery' }).check();
    await page.getByRole('button', { name: 'Go to Checkout' }).click();
    await expect(page).toHaveURL(/\/orders\/\d+\?token=[^&]+&placed=1$/);
    const totals = page.getByLabel('Order totals');
    await expect(totals).toContainText(`Promo code ${code}-${rupees(off)}`);
    await expect(totals).toContainText(`Total${rupees(pickup.total - off)}`);

    // Another shopper, in a browser of their own, finds its one use taken.
    const other = await browser.newContext({ baseURL });
    try {
      const second = await other.newPage();
      await addToCart(second, product, 1, 1);
      await second.goto('/cart');
      await applyPromo(second, code);
      await expect(second.getByRole('alert')).toHaveText('This promo code has been used up');
      await expect(second.getByText(`Promo code ${code}`)).toHaveCount(0);
      await expect(second.getByTestId('summary-total')).toHaveText(rupees(delivery.total));
    } finally {
      await other.close();
    }

    await admin.reload();
    await expect(row).toContainText('1 / 1');
  } finally {
    await console.close();
  }
});

test('the promo code line, the console’s promo codes and their form fit a 360 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const login = await page.request.post('/api/auth/admin/login', { data: { emailAddress: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  const { data: session } = await login.json();
  // The longest code there can be, so the narrowest screen meets the widest line.
  const code = `WIDE${Date.now()}`.padEnd(32, 'W');
  const created = await page.request.post('/api/admin/promo-code', {
    headers: { Authorization: `Bearer ${session.accessToken}` },
    data: { code, kind: 'fixed', amount: 1, minSubtotal: 0 },
  });
  expect(created.status()).toBe(201);
  const { promoCode } = (await created.json()).data;
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  const [product] = (await allProducts(page.request)).filter((p) => p.stock >= 10).slice(8, 9);
  await addToCart(page, product, 1, 1);
  await page.goto('/cart');
  await applyPromo(page, code);
  await expect(page.getByRole('button', { name: `Remove promo code ${code}` })).toBeVisible();
  expect(await fits()).toBe(true);
  await page.goto('/checkout');
  await expect(page.getByRole('button', { name: `Remove promo code ${code}` })).toBeVisible();
  expect(await fits()).toBe(true);
  // Removing it there takes it off the order.
  await page.getByRole('button', { name: `Remove promo code ${code}` }).click();
  await expect(page.getByRole('textbox', { name: 'Promo code' })).toBeVisible();

  await page.goto('/admin/login');
  await page.evaluate((s) => localStorage.setItem('console-auth-storage', JSON.stringify({ state: { ...s, isAuthenticated: true }, version: 0 })), {
    user: session.user,
    accessToken: session.accessToken,
  });
  await page.goto('/admin/promo-codes');
  await expect(page.getByRole('region', { name: 'Promo codes table' })).toBeVisible();
  expect(await fits()).toBe(true);
  await page.goto(`/admin/promo-codes/${promoCode._id}`);
  await expect(page.getByLabel('Code', { exact: true })).toHaveValue(code);
  expect(await fits()).toBe(true);
  await page.goto('/admin/promo-codes/new');
  await expect(page.getByRole('button', { name: 'Create promo code' })).toBeVisible();
  expect(await fits()).toBe(true);
});
