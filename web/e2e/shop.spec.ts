import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { allProducts, png, signIn } from './helpers';

// A card's own link (the one holding its name): a product with several variants also has a
// 'Choose' link to its page (docs/DESIGN.md §9).
const cards = (page: Page) => page.locator('main a[href^="/product/"]:has(h3)');

test('sort and page changes update the URL and the cards', async ({ page, request }) => {
  // What the API says the first product of each page is, sorted by name.
  const firstOf = async (pageNumber: number) =>
    (await (await request.get(`/api/product?sortField=name&sortOrder=asc&page=${pageNumber}`)).json()).data.products[0]._id as string;
  const firstCard = () => cards(page).first();
  await page.goto('/shop');
  await expect(cards(page)).toHaveCount(10);
  await page.getByLabel('Sort by').selectOption('name_asc');
  await expect(page).toHaveURL(/\/shop\?sort=name_asc$/);
  await expect(firstCard()).toHaveAttribute('href', `/product/${await firstOf(1)}`);
  await page.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL(/\/shop\?page=2&sort=name_asc$/);
  await expect(firstCard()).toHaveAttribute('href', `/product/${await firstOf(2)}`);
  await page.getByLabel('Sort by').selectOption('price_desc');
  await expect(page).toHaveURL(/\/shop\?sort=price_desc$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/shop\?page=2&sort=name_asc$/);
  await expect(page.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(firstCard()).toHaveAttribute('href', `/product/${await firstOf(2)}`);
});

test('a search with no match shows the empty state', async ({ page }) => {
  await page.goto('/shop?keyword=zzqqxx');
  await expect(page.getByRole('heading', { name: 'No Products Found' })).toBeVisible();
  await expect(page.getByText('Try adjusting your filters or search terms.')).toBeVisible();
});

test('a misspelt search still finds, an unknown word offers what it may mean, and the filters count', async ({ page, request }) => {
  const count = async (query: string) => (await (await request.get(`/api/product?${query}`)).json()).data.total as number;
  const radiators = await count('keyword=radiator');
  expect(radiators).toBeGreaterThan(0);
  // One typo in a 7-letter word: the same products.
  await page.goto('/shop?keyword=radiatr');
  await expect(page.getByText(`${radiators} ${radiators === 1 ? 'product' : 'products'}, `)).toBeVisible();
  // A 4-letter word allows no typo: nothing, and the word it may have meant.
  await page.goto('/shop?keyword=vlve');
  await expect(page.getByRole('heading', { name: 'No Products Found' })).toBeVisible();
  await page.getByRole('link', { name: 'valve', exact: true }).click();
  await expect(page).toHaveURL(/\/shop\?keyword=valve$/);
  const valves = await count('keyword=valve');
  await expect(page.getByText(new RegExp(`^${valves} products, \\d+ in stock$`))).toBeVisible();
  // 'Best match' is offered for a keyword; each category counts what choosing it lists.
  await expect(page.getByLabel('Sort by').locator('option', { hasText: 'Best match' })).toHaveCount(1);
  const categories = (await (await request.get('/api/category')).json()).data.categories as { _id: string; title: string }[];
  const counted = await Promise.all(categories.map((c) => count(`keyword=valve&categoryIds=${c._id}`)));
  for (const [i, c] of categories.entries()) {
    await expect(page.getByLabel('Category', { exact: true }).locator('option', { hasText: `${c.title} (${counted[i]})` })).toHaveCount(1);
  }
});

test('a discounted product shows its badge and You Save, and its images zoom', async ({ page, request }) => {
  const discounted = (await allProducts(request)).find((p) => p.discountPercentage > 0);
  expect(discounted).toBeTruthy();
  await page.goto(`/product/${discounted!._id}`);
  await expect(page.getByRole('heading', { level: 1, name: discounted!.name })).toBeVisible();
  await expect(page.getByText(`${Math.round(discounted!.discountPercentage)}% OFF`).first()).toBeVisible();
  await expect(page.getByText(/^You Save \$\d+\.\d\d$/)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('HomeShopProduct');
  await expect(page.getByLabel('Zoom level')).toHaveText('100%');
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(page.getByLabel('Zoom level')).toHaveText('150%');
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(page.getByLabel('Zoom level')).toHaveText('300%');
  await expect(page.getByRole('button', { name: 'Zoom in' })).toBeDisabled();
  await expect(page.getByRole('heading', { name: 'You might also like' })).toBeVisible();
  await expect(page.locator('section[aria-labelledby="related-heading"] a[href^="/product/"]:has(h3)')).toHaveCount(3);
});

test('low-stock and out-of-stock products say so', async ({ page, request }) => {
  const products = await allProducts(request);
  const low = products.find((p) => p.stock > 0 && p.stock < 10)!;
  const out = products.find((p) => p.stock <= 0)!;
  await page.goto(`/product/${low._id}`);
  // The product's own line (a paragraph); the cards of related products below may say the same.
  await expect(page.getByRole('paragraph').filter({ hasText: `Only ${low.stock} left in stock` })).toBeVisible();
  await page.goto(`/product/${out._id}`);
  await expect(page.getByRole('main').getByText('Out of Stock')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
});

test('reviews show on the product page, and guests are asked to log in', async ({ page, request }) => {
  const reviewed = (await allProducts(request)).find((p) => p.reviewCount >= 3)!;
  await page.goto(`/product/${reviewed._id}`);
  await expect(page.getByRole('heading', { name: 'Rating & Reviews' })).toBeVisible();
  await expect(page.getByText(`All Reviews (${reviewed.reviewCount})`)).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(reviewed.reviewCount);
  await expect(page.getByText(`Showing 1 to ${reviewed.reviewCount} of ${reviewed.reviewCount} reviews`)).toBeVisible();
  await page.getByRole('link', { name: 'Please Login to Write a Review' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a signed-in shopper writes a review with two photos and sees it listed', async ({ page, request }) => {
  const product = (await allProducts(request)).find((p) => p.reviewCount === 0)!;
  await signIn(page, request);
  await page.goto(`/product/${product._id}`);
  await expect(page.getByText('No reviews found for this product.')).toBeVisible();
  await page.getByRole('button', { name: 'Write a Review' }).click();
  const dialog = page.getByRole('dialog', { name: 'Write Review' });
  await expect(dialog.getByText('Share your experience to help others make informed decisions.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Submit Review' })).toBeDisabled();
  await dialog.getByRole('button', { name: '4 stars' }).click();
  await dialog.getByLabel('Your review').fill('Fitted under the sink in twenty minutes, no drips so far.');
  await dialog.getByTestId('review-photos').setInputFiles([
    { name: 'fitted.png', mimeType: 'image/png', buffer: png(120, 90, [30, 120, 200]) },
    { name: 'box.png', mimeType: 'image/png', buffer: png(90, 120, [200, 120, 30]) },
  ]);
  await expect(dialog.getByRole('list', { name: 'Chosen photos' }).getByRole('img')).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Submit Review' }).click();
  await expect(dialog).toBeHidden();
  const review = page.getByRole('article').first();
  await expect(review).toContainText('Fitted under the sink in twenty minutes, no drips so far.');
  await expect(review.getByRole('img', { name: '4/5' })).toBeVisible();
  const photos = review.getByRole('img', { name: /Photo \d of the review/ });
  await expect(photos).toHaveCount(2);
  await expect.poll(() => photos.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByText('All Reviews (1)')).toBeVisible();
});
