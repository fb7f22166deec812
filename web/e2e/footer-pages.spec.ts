import { expect, test } from './fixtures';
import { signInToConsole } from './helpers';

// The footer goes somewhere real (docs/DESIGN.md §15): 13 of its 17 links
// went to '#', Privacy and Returns among them.

test('no footer link goes nowhere, and Privacy Policy opens the demo’s page in the shop’s layout', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  // The categories come from the shop's own list.
  await expect(footer.getByRole('region', { name: 'Popular Categories' }).getByRole('link').first()).toBeVisible();
  const hrefs = await footer.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  expect(hrefs.length).toBeGreaterThan(10);
  for (const href of hrefs) expect(href === '' || href.startsWith('#'), href).toBe(false);
  await expect(footer.getByText(/App Store|Google Play/)).toHaveCount(0);

  await footer.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/pages\/privacy$/);
  const heading = page.getByRole('heading', { level: 1, name: 'Privacy Policy' });
  await expect(heading).toBeFocused();
  await expect(page).toHaveTitle('Privacy Policy | Shop');
  await expect(page.getByRole('main')).toContainText('This is a demo shop');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveCount(1);

  // Loaded afresh, the server's <title> is the same.
  await page.reload();
  await expect(page).toHaveTitle('Privacy Policy | Shop');

  const category = page.getByRole('contentinfo').getByRole('region', { name: 'Popular Categories' }).getByRole('link').first();
  const title = await category.textContent();
  await category.click();
  await expect(page).toHaveURL(/\/shop\?category=[0-9a-f]{24}$/);
  await expect(page).toHaveTitle(`${title} | Shop`);
});

test('a page the owner writes in the console shows on the shop, its HTML as text', async ({ page }) => {
  await signInToConsole(page);
  await page.getByRole('link', { name: 'Pages', exact: true }).first().click();
  await page.getByRole('link', { name: 'E-waste Policy' }).click();
  const body = '## Old kit\n\nBring it **back** to us.\n\n<img src="x" onerror="document.title = \'hacked\'">';
  await page.getByLabel('Body (Markdown)').fill(body);
  await expect(page.getByRole('region', { name: 'Preview' }).getByRole('heading', { name: 'Old kit' })).toBeVisible();
  await page.getByRole('button', { name: 'Save page' }).click();
  await expect(page.getByText('E-waste Policy saved')).toBeVisible();

  await page.goto('/pages/e-waste');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2, name: 'Old kit' })).toBeVisible();
  await expect(main).toContainText('<img src="x" onerror="document.title = \'hacked\'">');
  await expect(main.locator('article img')).toHaveCount(0);
  await expect(page).toHaveTitle('E-waste Policy | Shop');
});

test('a page that does not exist says so', async ({ page }) => {
  await page.goto('/pages/nope');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found | Shop');
});
