import { expect, test } from './fixtures';

// Pages behave like pages (docs/DESIGN.md §15): what a newcomer met was a
// product opened from a scrolled listing landing 500 px down, its name and price above
// the screen.

test('a product opened from a scrolled listing opens at the top with focus on its name, and Back returns to where the reader was', async ({ page }) => {
  await page.goto('/shop');
  // Cards' own links (a product with several variants also has a 'Choose' link).
  const cards = page.locator('main a[href^="/product/"]:has(h3)');
  await expect(cards.nth(5)).toBeVisible();
  await page.mouse.wheel(0, 600);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  // Where the reader is when they click (a click first brings the card into view).
  await cards.nth(5).hover();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(300);
  await cards.nth(5).click();
  // A product with several variants names the one it shows (docs/DESIGN.md §9).
  await expect(page).toHaveURL(/\/product\/[0-9a-f]{24}(\?variant=[0-9a-f]{24})?$/);
  const name = page.getByRole('heading', { level: 1 });
  await expect(name).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // The title changes with the page: the text the server puts in a product's <title>.
  await expect(page).toHaveTitle(`${await name.textContent()} | Shop`);
  await page.goBack();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page).toHaveTitle('All products | Shop');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
});

test('the first Tab stop skips to the content', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Categories' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
});
