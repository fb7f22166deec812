import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { consoleToken, newEmail, newProduct, signInToConsole } from './helpers';

/** Opens a console section from the side navigation. */
async function openSection(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** Confirms the dialog a delete button opened. */
async function confirmDelete(page: Page) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Yes, delete it' }).click();
  await expect(dialog).toBeHidden();
}

test('an administrator adds a category and a sub-category, and the shop’s menu and filters offer both', async ({ page }) => {
  // Titles no demo category has; both are deleted at the end, so the shared test shop's
  // other tests never meet them.
  const tag = Date.now().toString(36);
  const title = `Garden Taps ${tag}`;
  const sub = `Hose Connectors ${tag}`;

  await signInToConsole(page);
  await openSection(page, 'Categories');
  await page.getByLabel('New category').fill(title);
  await page.getByRole('button', { name: 'Add category' }).click();
  const category = page.getByRole('region', { name: title });
  await expect(category).toBeVisible();
  // Added after the others.
  await expect(page.getByRole('list', { name: 'Categories' }).getByRole('heading', { level: 2 }).last()).toHaveText(title);
  await category.getByLabel(`New sub-category of ${title}`).fill(sub);
  await category.getByRole('button', { name: 'Add sub-category' }).click();
  await expect(category.getByRole('list', { name: `Sub-categories of ${title}` }).getByRole('listitem')).toHaveText([sub]);

  // The shop: the category bar and the listing's filters.
  await page.goto('/shop');
  await expect(page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: title })).toBeAttached();
  // Each with its count of products: none yet.
  await page.getByLabel('Category', { exact: true }).selectOption({ label: `${title} (0)` });
  await expect(page).toHaveURL(/[?&]category=[0-9a-f]{24}/);
  await page.getByLabel('Sub-category').selectOption({ label: `${sub} (0)` });
  await expect(page).toHaveURL(/[?&]subCategory=[0-9a-f]{24}/);
  await expect(page.getByLabel('Sub-category').locator('option:checked')).toHaveText(`${sub} (0)`);

  // Tidying up: the server refuses to delete a category that still holds a sub-category,
  // and the console says why in its words.
  await page.goto('/admin/categories');
  await category.getByRole('button', { name: `Delete category ${title}` }).click();
  await expect(page.getByRole('dialog', { name: `Delete the category ${title}?` })).toBeVisible();
  await confirmDelete(page);
  await expect(category.getByRole('alert')).toHaveText('This category still holds 1 sub-category: move or delete them first');
  await category.getByRole('button', { name: `Delete sub-category ${sub}` }).click();
  await confirmDelete(page);
  await expect(category.getByText('No sub-categories yet.')).toBeVisible();
  await category.getByRole('button', { name: `Delete category ${title}` }).click();
  await confirmDelete(page);
  await expect(category).toHaveCount(0);
  const { data } = await (await page.request.get('/api/category')).json();
  expect((data.categories as { title: string }[]).map((c) => c.title)).not.toContain(title);
});

test('an administrator hides a review with a reason, it leaves the product’s page, and showing it brings it back', async ({ page, request }) => {
  // Its own product and review, so the demo products' reviews and counts stay as they are;
  // the product is archived at the end.
  const tag = Date.now().toString(36);
  const name = `Moderation Test Valve ${tag}`;
  const comment = `Arrived with a cracked thread, ${tag}. Call 555-0100 for cheaper ones!`;
  const reason = 'Advertises a phone number';
  const token = await consoleToken(request);
  const productId = await newProduct(request, token, name, 3);
  const signup = await request.post('/api/auth/signup', { multipart: { emailAddress: newEmail('reviewer'), password: 'Secret12' } });
  expect(signup.status()).toBe(201);
  const shopper = (await signup.json()).data.accessToken as string;
  const review = await request.post('/api/review', { headers: { Authorization: `Bearer ${shopper}` }, multipart: { productId, rating: '2', comment } });
  expect(review.status()).toBe(201);

  await page.goto(`/product/${productId}`);
  await expect(page.getByRole('article').filter({ hasText: comment })).toBeVisible();

  await signInToConsole(page);
  await openSection(page, 'Reviews');
  const row = page.getByRole('row').filter({ hasText: comment });
  await expect(row.getByRole('link', { name })).toHaveAttribute('href', `/admin/products/${productId}`);
  await expect(row).toContainText('2/5');
  await expect(row).toContainText('Visible');
  await row.getByRole('button', { name: 'Hide' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hide this review?' });
  // A reason is required.
  await dialog.getByRole('button', { name: 'Hide review' }).click();
  await expect(dialog.getByText('A reason is required')).toBeVisible();
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Hide review' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(`Reason: ${reason}`);
  await expect(row.getByRole('button', { name: 'Show' })).toBeVisible();

  // The shop's page of the product no longer shows it, nor counts it.
  await page.goto(`/product/${productId}`);
  await expect(page.getByText('No reviews found for this product.')).toBeVisible();
  await expect(page.getByText(comment)).toHaveCount(0);

  // Among the hidden reviews, with its reason; showing it brings it back.
  await page.goto('/admin/reviews?hidden=true');
  await expect(row).toContainText(`Reason: ${reason}`);
  await row.getByRole('button', { name: 'Show' }).click();
  await expect(row).toContainText('Visible');
  await expect(row.getByRole('button', { name: 'Hide' })).toBeVisible();

  await page.goto(`/product/${productId}`);
  await expect(page.getByRole('article').filter({ hasText: comment })).toBeVisible();
  await expect(page.getByText('All Reviews (1)')).toBeVisible();

  const archived = await request.post(`/api/admin/product/${productId}/archive`, { headers: { Authorization: `Bearer ${token}` } });
  expect(archived.status()).toBe(200);
});

test('the categories, banners and reviews pages fit a 360 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInToConsole(page);
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  await page.goto('/admin/categories');
  await expect(page.getByRole('list', { name: 'Categories' }).getByRole('heading', { level: 2 }).first()).toBeVisible();
  expect(await fits()).toBe(true);
  // A rename form open in the first category.
  await page.getByRole('button', { name: /^Rename category / }).first().click();
  await expect(page.getByRole('button', { name: 'Save title' })).toBeVisible();
  expect(await fits()).toBe(true);

  await page.goto('/admin/banners');
  await expect(page.getByRole('list', { name: 'Banners' }).getByRole('img').first()).toBeVisible();
  expect(await fits()).toBe(true);
  await page.getByRole('button', { name: 'Edit the link of banner 1' }).click();
  await expect(page.getByRole('button', { name: 'Save link' })).toBeVisible();
  expect(await fits()).toBe(true);

  await page.goto('/admin/reviews');
  await expect(page.getByRole('region', { name: 'Reviews table' })).toBeVisible();
  expect(await fits()).toBe(true);
  await page.getByRole('region', { name: 'Reviews table' }).getByRole('button', { name: 'Hide' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Hide this review?' })).toBeVisible();
  expect(await fits()).toBe(true);
});
