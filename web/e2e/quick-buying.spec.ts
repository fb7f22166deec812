// Buying quickly (docs/DESIGN.md §15): what a plumber buying 30 fittings met
// was 9 clicks on '+' for 10 elbows, cards without an add button, the price and Add to
// Cart 1.3 screens down on a phone, and the checkout's total after its pay button. And
// the mega-menu's panels fit a 1,280 px screen.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { allProducts, type ApiProduct, cents, rupees } from './helpers';

const PHONE = { width: 390, height: 844 };

/** An in-stock product with at least `stock` units (the tests share one catalogue). */
async function stocked(request: Parameters<typeof allProducts>[0], stock: number, skip = 0): Promise<ApiProduct> {
  return (await allProducts(request)).filter((p) => p.stock >= stock)[skip];
}

const cartLink = (page: Page, count: number) => page.getByRole('link', { name: `Cart, ${count} ${count === 1 ? 'item' : 'items'}` });
const announcer = (page: Page) => page.getByTestId('announcer');

/** /shop, or the first of its pages with a card that adds to the cart: a product with
 * options has 'Choose' instead, a sold-out one a disabled button, and the demo's order
 * of products differs from seed to seed. */
async function pageWithAdd(page: Page) {
  for (let n = 1; n <= 10; n += 1) {
    await page.goto(n === 1 ? '/shop' : `/shop?page=${n}`);
    await expect(page.locator('main a[href^="/product/"]').first()).toBeVisible();
    if ((await page.getByRole('button', { name: /^Add .+ to cart$/ }).count()) > 0) return;
  }
  throw new Error('None of the first 10 pages of /shop has a card with an Add button');
}

test('a card’s Add puts one in the cart, keeps focus, and says so', async ({ page }) => {
  await pageWithAdd(page);
  const add = page.getByRole('button', { name: /^Add .+ to cart$/ }).first();
  const name = /^Add (.+) to cart$/.exec((await add.getAttribute('aria-label'))!)![1];
  await add.focus();
  await page.keyboard.press('Enter');
  await expect(cartLink(page, 1)).toBeVisible();
  await expect(announcer(page)).toHaveText(`Added 1 × ${name} to your cart`);
  await expect(add).toBeFocused();
  await expect(page).toHaveURL(/\/shop(\?page=\d+)?$/);
  await expect(add).toHaveText('Add');
  await add.click();
  await expect(cartLink(page, 2)).toBeVisible();

  await page.goto('/cart');
  await expect(page.getByRole('listitem', { name }).getByRole('spinbutton')).toHaveValue('2');
});

test('a quantity typed on the product page and in the cart is taken, within the stock', async ({ page, request }) => {
  const product = await stocked(request, 12);
  await page.goto(`/product/${product._id}`);
  const quantity = page.getByRole('group', { name: 'Quantity' }).getByRole('spinbutton', { name: 'Quantity' });
  await quantity.fill('3');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(cartLink(page, 3)).toBeVisible();

  await page.goto('/cart');
  const line = page.getByRole('listitem', { name: product.name });
  const box = line.getByRole('spinbutton', { name: `Quantity of ${product.name}` });
  await expect(box).toHaveValue('3');
  await box.fill('10');
  await box.press('Enter');
  await expect(cartLink(page, 10)).toBeVisible();
  await expect(line.getByTestId('line-total')).toHaveText(`(${rupees(10 * cents(product.discountedPrice))})`);
  await expect(box).toBeFocused();

  // More than there is: said as it is typed, and the most there is taken on leaving.
  const most = Math.min(99, product.stock);
  await box.fill(String(most + 1));
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expect(box).toHaveAccessibleDescription(product.stock < 99 ? `Only ${product.stock} left in stock` : 'You can have at most 99 of one item');
  await box.blur();
  await expect(box).toHaveValue(String(most));
  await expect(cartLink(page, most)).toBeVisible();

  // What is no number is refused and the quantity put back; the keys still step.
  await box.fill('ten');
  await expect(box).toHaveAccessibleDescription('Enter a whole number, e.g. 10');
  await box.press('Escape');
  await expect(box).toHaveValue(String(most));
  await box.press('ArrowDown');
  await expect(box).toHaveValue(String(most - 1));
  await line.getByRole('button', { name: 'Decrease quantity' }).click();
  await expect(cartLink(page, most - 2)).toBeVisible();
  await page.reload();
  await expect(box).toHaveValue(String(most - 2));
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: PHONE });

  test('the product page keeps its price and Add to Cart in a bar at the bottom, once, clear of the footer', async ({ page, request }) => {
    const product = await stocked(request, 5, 1);
    await page.goto(`/product/${product._id}`);
    const add = page.getByRole('button', { name: 'Add to Cart' });
    // One Add to Cart for a screen reader, the bar's.
    await expect(add).toHaveCount(1);
    const bar = page.locator('[data-buy-bar]');
    await expect(bar).toBeVisible();
    await expect(bar).toContainText(`$${product.discountedPrice.toFixed(2)}`);
    await expect(bar.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
    const barBox = (await bar.boundingBox())!;
    expect(barBox.y + barBox.height).toBeCloseTo(PHONE.height, 0);
    expect(barBox.width).toBe(PHONE.width);

    // Scrolled down to the reviews, the bar is still on screen.
    await page.getByRole('heading', { name: 'Rating & Reviews' }).scrollIntoViewIfNeeded();
    await expect(bar).toBeInViewport();
    await page.getByRole('group', { name: 'Quantity' }).getByRole('spinbutton').fill('2');
    await add.click();
    await expect(cartLink(page, 2)).toBeVisible();
    await expect(add).toBeFocused();
    await expect(announcer(page)).toHaveText(`Added 2 × ${product.name} to your cart`);

    // At the very end of the page the footer's last line is above the bar.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastLine = page.locator('footer').locator('p, a, li').last();
    await expect(lastLine).toBeVisible();
    await expect.poll(async () => (await lastLine.boundingBox())!.y + (await lastLine.boundingBox())!.height).toBeLessThanOrEqual(barBox.y);
  });

  test('the checkout shows the Order Summary and its total before the button that pays', async ({ page, request }) => {
    const product = await stocked(request, 5, 2);
    await page.goto(`/product/${product._id}`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(cartLink(page, 1)).toBeVisible();
    await page.goto('/checkout');
    const summary = page.getByRole('region', { name: 'Order Summary' });
    const total = summary.getByTestId('summary-total');
    await expect(total).toBeVisible();
    const pay = page.getByRole('button', { name: 'Go to Checkout' });
    // Measured once both are laid out: the summary re-renders as the quote comes in.
    await expect
      .poll(async () => {
        const [totalBox, payBox] = [await total.boundingBox(), await pay.boundingBox()];
        return totalBox && payBox ? totalBox.y + totalBox.height <= payBox.y : 'not laid out yet';
      })
      .toBe(true);
    // And in the reading order: the summary comes before the button.
    const order = await page.evaluate(() => {
      const region = document.querySelector('section[aria-labelledby="summary-heading"]')!;
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.includes('Go to Checkout'))!;
      return region.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING;
    });
    expect(order).toBeTruthy();
  });
});

// A 1,280 px screen: the whole width, and the window left beside a classic 17 px scrollbar.
for (const width of [1280, 1263]) {
  test(`every mega-menu panel fits a 1,280 px screen (a ${width} px window)`, async ({ page, request }) => {
    const count = (await (await request.get('/api/category')).json()).data.categories.length;
    expect(count).toBeGreaterThan(3);
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    const bar = page.getByRole('navigation', { name: 'Categories' });
    // The pills: a category's listing, not a sub-category's (an open panel's links).
    const pills = bar.locator('a[href*="category="]:not([href*="subCategory="])');
    await expect(pills).toHaveCount(count);
    for (let i = 0; i < count; i++) {
      const title = (await pills.nth(i).innerText()).trim();
      await pills.nth(i).hover();
      const panel = page.getByTestId('category-panel').filter({ hasText: title });
      await expect(panel.getByRole('link', { name: 'View All' })).toBeVisible();
      const box = (await panel.boundingBox())!;
      expect(box.x, `${title}'s panel starts at ${box.x}`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${title}'s panel ends at ${box.x + box.width}`).toBeLessThanOrEqual(width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
  });
}
