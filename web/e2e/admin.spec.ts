import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { addToCart, allProducts, cents, newEmail, png, rupees, signIn } from './helpers';

const ADMIN_EMAIL = process.env.SHOP_E2E_ADMIN_EMAIL!;
const ADMIN_PASSWORD = process.env.SHOP_E2E_ADMIN_PASSWORD!;

/** The console's code: the entry chunk of its own document, admin.html, which Vite names
 * after that input (vite.config.ts). */
const CONSOLE_CHUNK = /\/assets\/admin-[\w-]+\.js$/;

/** Every script `page` requests from now on. */
function scriptsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(request.url());
  });
  return urls;
}

/** A guest buys one product for pickup with cash; resolves to the order's number, on
 * checkout's confirmation page (the order's own page, opened with its token). */
async function placePickupOrder(page: Page): Promise<string> {
  const [product] = (await allProducts(page.request)).filter((p) => p.stock >= 10).slice(6, 7);
  await addToCart(page, product, 1, 1);
  await page.goto('/checkout');
  const details = page.getByRole('group', { name: 'Your details' });
  await details.getByLabel('Name').fill('Grace Hopper');
  await details.getByLabel('Phone Number').fill('+447946095800');
  await details.getByLabel('Email Address').fill(newEmail('console-buyer'));
  await page.getByRole('radio', { name: 'Cash On Delivery' }).check();
  await page.getByRole('button', { name: 'Go to Checkout' }).click();
  await expect(page).toHaveURL(/\/orders\/\d+\?token=[^&]+&placed=1$/);
  return /\/orders\/(\d+)\?/.exec(page.url())![1];
}

test('an administrator moves a shopper’s pickup order to ready and completed, and the shopper’s timeline shows both', async ({ page, browser, baseURL }) => {
  const number = await placePickupOrder(page);
  const steps = page.getByRole('list', { name: 'Order status' }).getByRole('listitem');
  await expect(steps).toHaveText([/^Placed/, 'Ready for pickupNot yet', 'CollectedNot yet']);

  const console = await browser.newContext({ baseURL });
  try {
    const admin = await console.newPage();
    // A guest asking for the console is sent to its login, and back after signing in.
    await admin.goto('/admin/orders?status=placed');
    await expect(admin).toHaveURL(/\/admin\/login$/);
    await admin.getByLabel('Email').fill(ADMIN_EMAIL);
    await admin.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await admin.getByRole('button', { name: 'Sign in' }).click();
    await expect(admin).toHaveURL(/\/admin\/orders\?status=placed$/);
    await expect(admin.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await expect(admin.getByLabel('Status')).toHaveValue('placed');

    const row = admin.getByRole('row').filter({ has: admin.getByRole('link', { name: `#${number}`, exact: true }) });
    await expect(row).toContainText('Grace Hopper');
    await expect(row).toContainText('Pickup');
    await expect(row).toContainText('Unpaid');
    await row.getByRole('link', { name: `#${number}` }).click();
    await expect(admin).toHaveURL(new RegExp(`/admin/orders/${number}$`));
    await expect(admin.getByRole('heading', { level: 1, name: `Order #${number}` })).toBeVisible();

    const actions = admin.getByRole('region', { name: 'Actions' });
    await expect(actions.getByRole('button')).toHaveText(['Mark paid (cash received)', 'Mark ready for pickup', 'Cancel order']);
    await actions.getByRole('button', { name: 'Mark ready for pickup' }).click();
    await expect(actions.getByRole('button')).toHaveText(['Mark paid (cash received)', 'Mark completed', 'Cancel order']);
    const timeline = admin.getByRole('list', { name: 'Timeline' }).getByRole('listitem');
    await expect(timeline).toHaveText([/^Placed/, /^Ready for pickup/]);

    await actions.getByRole('button', { name: 'Mark completed' }).click();
    // Collected but the cash not yet recorded: that is all that is left to do.
    await expect(actions.getByRole('button')).toHaveText(['Mark paid (cash received)']);
    await expect(timeline).toHaveText([/^Placed/, /^Ready for pickup/, /^Completed/]);
    // The table has moved on with it.
    await admin.getByRole('link', { name: 'All orders' }).click();
    await admin.getByLabel('Status').selectOption('completed');
    await expect(admin).toHaveURL(/\/admin\/orders\?status=completed$/);
    await expect(admin.getByRole('link', { name: `#${number}`, exact: true })).toBeVisible();
  } finally {
    await console.close();
  }

  // The shopper's own page, opened again, shows both steps with their dates.
  await page.reload();
  await expect(steps).toHaveText([/^Placed/, /^Ready for pickup[A-Z][a-z]{2} \d{2}, \d{4}$/, /^Collected[A-Z][a-z]{2} \d{2}, \d{4}$/]);
});

test('an administrator adds a product with a photo and sees it in the shop', async ({ page }) => {
  // A word no demo product has, so the shop's search can only find this one. The product
  // stays in the shared test shop: low on stock and, at the end, not featured, so the tests
  // that pick well-stocked products or the home page's featured ones never meet it.
  const tag = `qa${Date.now().toString(36)}`;
  const name = `Brass Bridge Mixer ${tag}`;
  const { data } = await (await page.request.get('/api/category')).json();
  const category = (data.categories as { title: string; subCategories: { title: string }[] }[]).find((c) => c.subCategories.length > 0)!;
  const nextYear = `${new Date().getUTCFullYear() + 1}-06-30`;

  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Products' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await page.getByRole('link', { name: 'Add product' }).click();
  await expect(page).toHaveURL(/\/admin\/products\/new$/);

  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Description').fill('A two-handle bridge mixer in brushed brass, with a swivel spout.');
  await page.getByLabel('Price (list price)').fill('149.99');
  await page.getByLabel('Units in stock').fill('5');
  await page.getByLabel('Discount (%)').fill('10');
  await page.getByLabel('Discount ends (optional)').fill(nextYear);
  await page.getByLabel('Category', { exact: true }).selectOption({ label: category.title });
  await page.getByLabel('Sub-category').selectOption({ label: category.subCategories[0].title });
  await page.getByLabel('Size (optional)').fill('22 cm');
  await page.getByLabel('Colour (optional)').fill('Brushed brass');
  await page.getByRole('checkbox', { name: /^Featured/ }).check();
  await page.getByRole('button', { name: 'Create product' }).click();

  // Created: the edit page, where photos go.
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${name}` })).toBeVisible();
  const id = /\/admin\/products\/([0-9a-f]{24})$/.exec(page.url())![1];
  await expect(page.getByLabel('Sub-category')).toHaveValue(/[0-9a-f]{24}/);
  await page.getByLabel('Add photos').setInputFiles({ name: 'mixer.png', mimeType: 'image/png', buffer: png(64, 48, [181, 142, 60]) });
  const photos = page.getByRole('list', { name: 'Photos' }).getByRole('listitem');
  await expect(photos).toHaveCount(1);
  await expect(photos.first()).toContainText('Shown on cards');
  await expect(page.getByRole('heading', { name: 'Photos (1 of 8)' })).toBeVisible();
  await expect(page.getByRole('link', { name: /View in the shop/ })).toHaveAttribute('href', `/product/${id}`);

  // The shop's page shows it: name, the price paid now and the list price, the photo.
  await page.goto(`/product/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText('$134.99', { exact: true })).toBeVisible();
  await expect(main.getByText('$149.99', { exact: true })).toBeVisible();
  const photo = main.getByRole('img', { name, exact: true });
  await expect(photo).toHaveAttribute('src', new RegExp(`^/media/products/${id}/`));
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

  // The shop's keyword search finds it, and only it.
  await page.goto(`/shop?keyword=${tag}`);
  const cards = page.getByRole('main').getByRole('heading', { level: 3 });
  await expect(cards).toHaveText([name]);

  // Back in the console, the table finds it low on stock; it leaves the home page's
  // featured products.
  await page.goto(`/admin/products?q=${tag}`);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(row).toContainText('5Low');
  await expect(row).toContainText('$134.99');
  await expect(row).toContainText('Featured');
  await row.getByRole('link', { name, exact: true }).click();
  await page.getByRole('checkbox', { name: /^Featured/ }).uncheck();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Product saved')).toBeVisible();
  await page.getByRole('link', { name: 'All products' }).click();
  await page.getByLabel('Featured').selectOption('true');
  await expect(page).toHaveURL(/[?&]featured=true/);
  await expect(page.getByRole('region', { name: 'Products table' })).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
});

/** Signs the administrator in through the console's login page. */
async function signInToConsole(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('the dashboard counts an order a shopper placed today in today’s figures', async ({ page, browser, baseURL }) => {
  const login = await page.request.post('/api/auth/admin/login', { data: { emailAddress: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  const headers = { Authorization: `Bearer ${(await login.json()).data.accessToken}` };
  const before = (await (await page.request.get('/api/admin/dashboard', { headers })).json()).data.today;

  const number = await placePickupOrder(page);
  const { order } = (await (await page.request.get(`/api/admin/order/${number}`, { headers })).json()).data;

  const console = await browser.newContext({ baseURL });
  try {
    const admin = await console.newPage();
    await signInToConsole(admin);
    // Signing in with no page to go back to lands on the dashboard. The tests run one at a
    // time, so nothing else changes today's figures meanwhile.
    await expect(admin).toHaveURL(/\/admin$/);
    await expect(admin.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const today = admin.getByRole('region', { name: 'Today' });
    await expect(today.getByRole('definition')).toHaveText([String(before.orders + 1), rupees(cents(before.revenue) + cents(order.total))]);

    // The orders waiting to be prepared lead to the table filtered that way, this one in it.
    await admin.getByRole('region', { name: 'Waiting for the shop' }).getByRole('link', { name: /placed, to prepare$/ }).click();
    await expect(admin).toHaveURL(/\/admin\/orders\?status=placed$/);
    await expect(admin.getByRole('link', { name: `#${number}`, exact: true })).toBeVisible();
  } finally {
    await console.close();
  }
});

test('an administrator disables a customer, who can no longer sign in, and enables them again', async ({ page, browser, baseURL }) => {
  const email = newEmail('disabled');
  const signup = await page.request.post('/api/auth/signup', { multipart: { emailAddress: email, password: 'Secret12' } });
  expect(signup.status()).toBe(201);
  const oldToken = (await signup.json()).data.accessToken as string;
  const shopperSignsIn = async () => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Secret12');
    await page.getByRole('button', { name: 'Sign In' }).click();
  };

  const console = await browser.newContext({ baseURL });
  try {
    const admin = await console.newPage();
    await signInToConsole(admin);
    await admin.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Customers' }).click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
    await admin.getByRole('searchbox', { name: 'Search customers' }).fill(email);
    await admin.getByRole('search', { name: 'Customers' }).getByRole('button', { name: 'Search' }).click();
    await expect(admin).toHaveURL(/\/admin\/customers\?q=/);
    const table = admin.getByRole('region', { name: 'Customers table' });
    await expect(table.getByRole('row')).toHaveCount(2);
    await table.getByRole('link', { name: email }).click();
    await expect(admin.getByRole('heading', { level: 1, name: email })).toBeVisible();

    const access = admin.getByRole('region', { name: 'Account access' });
    await access.getByRole('button', { name: 'Disable account' }).click();
    await admin.getByRole('dialog', { name: `Disable ${email}'s account?` }).getByRole('button', { name: 'Yes, disable account' }).click();
    await expect(access).toContainText(/Disabled on .* UTC: they cannot sign in\./);

    // The session they had stops working at once, and signing in is refused with the reason.
    expect((await page.request.get('/api/auth/user', { headers: { Authorization: `Bearer ${oldToken}` } })).status()).toBe(401);
    await shopperSignsIn();
    await expect(page.getByText('This account has been disabled. Please contact the shop if you think this is a mistake.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await access.getByRole('button', { name: 'Enable account' }).click();
    await admin.getByRole('dialog', { name: `Enable ${email}'s account?` }).getByRole('button', { name: 'Yes, enable account' }).click();
    await expect(access).toContainText('Active: they can sign in and place orders.');
    await shopperSignsIn();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

    // Both changes are in the activity log, newest first, as the field before and after.
    await access.getByRole('link', { name: 'Changes made to this account' }).click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
    const rows = admin.getByRole('region', { name: 'Activity table' }).getByRole('row');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText('Enabled');
    await expect(rows.nth(1)).toContainText('disabled: yes → no');
    await expect(rows.nth(2)).toContainText('Disabled');
    await expect(rows.nth(2)).toContainText('disabled: no → yes');
    await expect(rows.nth(1)).toContainText(ADMIN_EMAIL);
  } finally {
    await console.close();
  }
});

test('the console keeps its own sign-in: a shopper meets its login, where a customer is refused, and the shop goes on as it was', async ({ page, request }) => {
  // docs/DESIGN.md §15: before, signing in to the console also signed the owner in to the shop
  // as a nameless customer, and a shopper's session reached the console.
  const email = newEmail('customer');
  await signIn(page, request, email);
  await page.goto('/admin/orders');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Shop console' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Secret12');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Administrator access required')).toBeVisible();
  // The shop is another document: the link loads it, the shopper still signed in there.
  await page.getByRole('link', { name: 'Go to the shop' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Grab the best deal on Smartphones' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(page).toHaveTitle('Shop: plumbing, heating and everyday supplies');
});

test('signing in to the console does not sign the administrator in to the shop', async ({ page }) => {
  await signInToConsole(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sign Up/Sign In' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
});

test('shoppers’ pages load no console code and name none; the console is a document of its own', async ({ page }) => {
  const scripts = scriptsOf(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2, name: 'Grab the best deal on Smartphones' })).toBeVisible();
  await page.goto('/shop');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((url) => CONSOLE_CHUNK.test(url))).toEqual([]);
  // What a shopper's browser got: the page and every script it ran.
  const shopCode = await Promise.all(['/', ...scripts].map(async (url) => (await page.request.get(url)).text()));

  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Shop console' })).toBeVisible();
  await expect(page).toHaveTitle('Shop console');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  const consoleChunks = scripts.filter((url) => CONSOLE_CHUNK.test(url));
  expect(consoleChunks).toHaveLength(1);
  // None of the shop's code names the console's chunk (not even a route that would load
  // it) or carries the console's words.
  const consoleChunk = new URL(consoleChunks[0]).pathname.split('/').pop()!;
  for (const code of shopCode) {
    expect(code).not.toContain(consoleChunk);
    expect(code).not.toContain('Shop console');
  }
});

test('the console fits a 360 px phone, its sections in a drawer', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const response = await page.request.post('/api/auth/admin/login', { data: { emailAddress: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  expect(response.status()).toBe(200);
  const { data } = await response.json();
  await page.goto('/admin/login');
  await page.evaluate((session) => localStorage.setItem('console-auth-storage', JSON.stringify({ state: { ...session, isAuthenticated: true }, version: 0 })), {
    user: data.user,
    accessToken: data.accessToken,
  });
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  await page.goto('/admin/orders');
  await expect(page.getByRole('region', { name: 'Orders list' })).toBeVisible();
  expect(await fits()).toBe(true);
  await page.getByRole('button', { name: 'Open console menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Shop console' });
  await expect(drawer.getByRole('link', { name: 'Orders' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Close console menu' }).click();

  await page.getByRole('region', { name: 'Orders list' }).getByRole('link').first().click();
  await expect(page.getByRole('region', { name: 'Actions' })).toBeVisible();
  expect(await fits()).toBe(true);

  await page.goto('/admin/products');
  await expect(page.getByRole('region', { name: 'Products table' })).toBeVisible();
  expect(await fits()).toBe(true);
  await page.getByRole('region', { name: 'Products table' }).getByRole('rowheader').first().getByRole('link').click();
  await expect(page.getByRole('region', { name: /^Photos/ })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).not.toHaveValue('');
  expect(await fits()).toBe(true);
  await page.goto('/admin/products/new');
  await expect(page.getByRole('button', { name: 'Create product' })).toBeVisible();
  expect(await fits()).toBe(true);

  await page.goto('/admin');
  await expect(page.getByRole('region', { name: 'Newest reviews' })).toBeVisible();
  expect(await fits()).toBe(true);
  // A customer of its own, with the longest kind of address, so this test needs no other.
  const email = newEmail('a-customer-with-a-long-address-at-360px');
  expect((await page.request.post('/api/auth/signup', { multipart: { emailAddress: email, password: 'Secret12' } })).status()).toBe(201);
  await page.goto('/admin/customers');
  await expect(page.getByRole('region', { name: 'Customers table' })).toBeVisible();
  expect(await fits()).toBe(true);
  await page.getByRole('region', { name: 'Customers table' }).getByRole('link', { name: email }).click();
  await expect(page.getByRole('region', { name: 'Account access' })).toBeVisible();
  expect(await fits()).toBe(true);
  await page.goto('/admin/activity');
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  await expect(page.getByLabel('Object type')).toBeVisible();
  expect(await fits()).toBe(true);
});

test('the console’s orders fit a 390 px phone as cards, each order’s number, status, payment and total on the screen', async ({ page, browser, baseURL }) => {
  // An order of its own, so the list is never empty whichever tests ran before.
  const shopper = await browser.newPage({ baseURL });
  const number = await placePickupOrder(shopper);
  await shopper.close();
  await page.setViewportSize({ width: 390, height: 844 });
  const response = await page.request.post('/api/auth/admin/login', { data: { emailAddress: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  const { data } = await response.json();
  await page.goto('/admin/login');
  await page.evaluate((session) => localStorage.setItem('console-auth-storage', JSON.stringify({ state: { ...session, isAuthenticated: true }, version: 0 })), {
    user: data.user,
    accessToken: data.accessToken,
  });
  await page.goto(`/admin/orders?q=${number}`);
  const list = page.getByRole('region', { name: 'Orders list' });
  const card = list.getByRole('listitem').filter({ hasText: `#${number}` });
  await expect(card).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  // Nothing of the order sits off to the side: no sideways scrolling to find its total.
  for (const part of [card.getByRole('link', { name: `#${number}` }), card.getByText('Placed', { exact: true }), card.getByText('Unpaid', { exact: true }), card.getByText(/^₹\d/)]) {
    await expect(part).toBeInViewport();
    const box = (await part.boundingBox())!;
    expect(box.x >= 0 && box.x + box.width <= 390).toBe(true);
  }
  await expect(page.getByRole('table')).toHaveCount(0);

  // A wide screen keeps the table.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('region', { name: 'Orders table' }).getByRole('link', { name: `#${number}` })).toBeVisible();
});
