import { expect, test } from './fixtures';

test('a shopper opens the home page and sees banners, categories and product cards', async ({ page }) => {
  await page.goto('/');
  const categories = page.getByRole('navigation', { name: 'Categories' });
  for (const title of ['Faucets', 'Pipe Tools', 'Valve & Controls', 'Heating', 'Everyday Essentials']) {
    await expect(categories.getByRole('link', { name: title })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Grab the best deal on Smartphones' })).toBeVisible();
  const cards = page.locator('main a[href^="/product/"]');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(4);
  await expect(cards.first()).toContainText('$');
  await expect(page.getByRole('link', { name: /^Offer 1 of \d+$/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Shop From Top Categories' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Top Plumbing Categories' })).toBeVisible();
  await expect(page.getByText(/^UP to \d+% OFF$/).first()).toBeVisible();
});

test('product and banner images are served from the media store', async ({ page }) => {
  await page.goto('/');
  const firstCardImage = page.locator('main a[href^="/product/"] img').first();
  await expect(firstCardImage).toBeVisible();
  await expect.poll(() => firstCardImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(firstCardImage).toHaveAttribute('src', /^\/media\/demo\/.+\.svg$/);
  const banner = page.getByRole('link', { name: 'Offer 1 of 4' }).locator('img');
  await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test('a card opens its product page and the header search goes to the listing', async ({ page }) => {
  await page.goto('/');
  await page.locator('main a[href^="/product/"]').first().click();
  // A product with several variants names the one shown (docs/DESIGN.md §9).
  await expect(page).toHaveURL(/\/product\/[0-9a-f]{24}(\?variant=[0-9a-f]{24})?$/);
  await page.getByRole('combobox', { name: 'Search products' }).fill('brass valve');
  await page.getByRole('combobox', { name: 'Search products' }).press('Enter');
  await expect(page).toHaveURL(/\/shop\?keyword=brass\+valve$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Results for "brass valve"' })).toBeVisible();
  await expect(page.locator('main a[href^="/product/"]').first()).toContainText(/brass|valve/i);
});

test('a client route loaded directly gets the storefront, and unknown pages say so', async ({ page }) => {
  await page.goto('/terms-and-conditions');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeVisible();
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});
