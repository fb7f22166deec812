import { expect, test } from './fixtures';
import { counted } from './helpers';

test('a hover panel link leads to the filtered listing', async ({ page }) => {
  await page.goto('/');
  const bar = page.getByRole('navigation', { name: 'Categories' });
  await bar.getByRole('link', { name: 'Faucets' }).hover();
  const viewAll = bar.getByRole('link', { name: 'View All' });
  await expect(viewAll).toBeVisible();
  await expect(viewAll).toHaveAttribute('href', '/shop');
  const sub = bar.locator('a[href*="subCategory="]').first();
  const title = (await sub.innerText()).trim();
  await sub.click();
  await expect(page).toHaveURL(/\/shop\?category=[0-9a-f]{24}&subCategory=[0-9a-f]{24}$/);
  await expect(page.getByLabel('Sub-category')).toHaveValue(/[0-9a-f]{24}/);
  await expect(page.getByLabel('Sub-category').locator('option:checked')).toHaveText(counted(title));
  await expect(page.locator('main a[href^="/product/"]').first()).toBeVisible();
  // The category in the query marks its pill.
  await expect(bar.getByRole('link', { name: 'Faucets' })).toHaveAttribute('aria-current', 'page');
});

test.describe('on a small screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the drawer lists categories and the More section', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Categories' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await drawer.getByRole('button', { name: 'Heating' }).click();
    await drawer.getByRole('link', { name: 'All Heating' }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/shop\?category=[0-9a-f]{24}$/);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about');
    await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
  });
});
