import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { allProducts, type ApiProduct, cents, rupees, signIn } from './helpers';

/** Two in-stock products with room for a few of each, at different prices. */
async function twoProducts(request: Parameters<typeof allProducts>[0]): Promise<[ApiProduct, ApiProduct]> {
  const stocked = (await allProducts(request)).filter((p) => p.stock >= 10);
  const first = stocked[0];
  const second = stocked.find((p) => p.discountedPrice !== first.discountedPrice)!;
  return [first, second];
}

async function addFromProductPage(page: Page, product: ApiProduct, quantity = 1) {
  await page.goto(`/product/${product._id}`);
  const stepper = page.getByRole('group', { name: 'Quantity' });
  for (let i = 1; i < quantity; i++) await stepper.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
}

const line = (page: Page, product: ApiProduct) => page.getByRole('listitem', { name: product.name });

test('a guest fills a cart, changes it, sees the sums in rupees, and keeps it over a reload', async ({ page, request }) => {
  const [a, b] = await twoProducts(request);
  await addFromProductPage(page, a);
  await expect(page.getByRole('button', { name: 'Adding...' })).toBeVisible();
  // The guest's message comes a second later (spec §6).
  await expect(page.getByText('Item Added to Cart')).toBeVisible();
  await addFromProductPage(page, b, 2);
  await expect(page.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();

  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Your cart' })).toBeVisible();
  await expect(line(page, a).getByRole('spinbutton')).toHaveValue('1');
  await expect(line(page, b).getByRole('spinbutton')).toHaveValue('2');
  await expect(line(page, b).getByTestId('line-total')).toHaveText(`(${rupees(2 * cents(b.discountedPrice))})`);
  await expect(line(page, a).getByTestId('line-total')).toHaveCount(0);

  const more = line(page, a).getByRole('button', { name: 'Increase quantity' });
  await more.click();
  await more.click();
  await line(page, b).getByRole('button', { name: 'Decrease quantity' }).click();
  await expect(line(page, a).getByRole('spinbutton')).toHaveValue('3');
  await expect(line(page, b).getByRole('spinbutton')).toHaveValue('1');
  await expect(line(page, b).getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();

  const subtotal = 3 * cents(a.discountedPrice) + cents(b.discountedPrice);
  const discount = Math.round(subtotal * 0.2);
  await expect(page.getByTestId('summary-subtotal')).toHaveText(rupees(subtotal));
  await expect(page.getByTestId('summary-discount')).toHaveText(`-${rupees(discount)}`);
  await expect(page.getByTestId('summary-delivery')).toHaveText('₹100.00');
  await expect(page.getByTestId('summary-total')).toHaveText(rupees(subtotal - discount + 10_000));

  await page.getByRole('button', { name: `Remove ${b.name}` }).click();
  await expect(line(page, b)).toHaveCount(0);
  await page.reload();
  await expect(line(page, a).getByRole('spinbutton')).toHaveValue('3');
  await expect(line(page, b)).toHaveCount(0);
  await expect(page.getByTestId('summary-subtotal')).toHaveText(rupees(3 * cents(a.discountedPrice)));
  await expect(page.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();
});

test('a guest wishlists a product and moves it to the bag', async ({ page, request }) => {
  const [a] = await twoProducts(request);
  await page.goto(`/product/${a._id}`);
  const heart = page.getByRole('button', { name: 'Add to wishlist' }).first();
  await heart.click();
  await expect(page.getByText('Added to wishlist')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Wishlist, 1 item' })).toBeVisible();

  // A card's heart flips at once, and back.
  await page.goto('/shop');
  const cardHeart = page.locator('main').getByRole('button', { name: 'Add to wishlist' }).first();
  await cardHeart.click();
  await expect(page.getByRole('link', { name: 'Wishlist, 2 items' })).toBeVisible();
  await page.locator('main').getByRole('button', { name: 'Remove from wishlist' }).first().click();
  await expect(page.getByRole('link', { name: 'Wishlist, 1 item' })).toBeVisible();

  await page.goto('/wishlist');
  await expect(page.getByRole('heading', { name: 'Wishlist (1)' })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(a.name.slice(0, 20)) })).toBeVisible();
  await page.getByRole('button', { name: 'Move All To Bag' }).click();
  await expect(page.getByText('Your wishlist is empty')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await page.goto('/cart');
  await expect(line(page, a)).toBeVisible();
});

test('signing in merges the guest cart and wishlist into the account', async ({ page, request }) => {
  const [a, b] = await twoProducts(request);
  await addFromProductPage(page, a, 2);
  await expect(page.getByText('Item Added to Cart')).toBeVisible();
  await addFromProductPage(page, b);
  await page.getByRole('button', { name: 'Add to wishlist' }).first().click();
  await expect(page.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();

  const token = await signIn(page, request);
  const auth = { Authorization: `Bearer ${token}` };
  // The account already holds one of the first product.
  const added = await request.post('/api/user/item', { headers: auth, data: { productId: a._id, quantity: 1, type: 'cart' } });
  expect(added.status()).toBe(200);
  await page.reload();
  await expect(page.getByText('Data synced successfully')).toBeVisible();

  const cart = (await (await request.get('/api/user/item?type=cart', { headers: auth })).json()).data as { productId: string; quantity: number }[];
  expect(cart.map(({ productId, quantity }) => [productId, quantity]).sort()).toEqual([[a._id, 3], [b._id, 1]].sort());
  const wishlist = (await (await request.get('/api/user/item?type=wishlist', { headers: auth })).json()).data as { productId: string }[];
  expect(wishlist.map((item) => item.productId)).toEqual([b._id]);
  // The browser's lists are emptied once the server has them; the header reads the server.
  const local = await page.evaluate(() => JSON.parse(localStorage.getItem('user_data') ?? '{}'));
  expect(local.cart).toEqual([]);
  expect(local.wishlist).toEqual([]);
  await expect(page.getByRole('link', { name: 'Cart, 4 items' })).toBeVisible();

  // Signed in, quantity changes are saved on the server at once, in the order made.
  await page.goto('/cart');
  const more = line(page, b).getByRole('button', { name: 'Increase quantity' });
  for (let i = 0; i < 3; i++) await more.click();
  await line(page, b).getByRole('button', { name: 'Decrease quantity' }).click();
  await expect(line(page, b).getByRole('spinbutton')).toHaveValue('3');
  await expect
    .poll(async () => {
      const items = (await (await request.get('/api/user/item?type=cart', { headers: auth })).json()).data as { productId: string; quantity: number }[];
      return items.find((item) => item.productId === b._id)?.quantity;
    })
    .toBe(3);
  await page.reload();
  await expect(line(page, b).getByRole('spinbutton')).toHaveValue('3');
});

test('delivery needs the contact details, each with its message', async ({ page, request }) => {
  const [a] = await twoProducts(request);
  await addFromProductPage(page, a);
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Your CheckOut' })).toBeVisible();
  // Pickup, the default, asks only who collects the order, and has no delivery fee.
  await expect(page.getByRole('radio', { name: 'Pickup' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('group', { name: 'Your details' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Contact Information' })).toHaveCount(0);
  const subtotal = cents(a.discountedPrice);
  const discount = Math.round(subtotal * 0.2);
  await expect(page.getByTestId('summary-delivery')).toHaveText('₹0.00');
  await expect(page.getByTestId('summary-total')).toHaveText(rupees(subtotal - discount));
  await page.getByRole('radio', { name: 'Cash On Delivery' }).check();

  await page.getByRole('radio', { name: 'Delivery', exact: true }).click();
  const contact = page.getByRole('group', { name: 'Contact Information' });
  await expect(contact).toBeVisible();
  await expect(page.getByRole('group', { name: 'Your details' })).toHaveCount(0);
  await expect(page.getByTestId('summary-delivery')).toHaveText('₹100.00');
  await expect(page.getByTestId('summary-total')).toHaveText(rupees(subtotal - discount + 10_000));
  const place = page.getByRole('button', { name: 'Go to Checkout' });
  await place.click();
  for (const message of ['First name is required', 'Street address is required', 'Town/City is required', 'Phone number is required', 'Email is required']) {
    await expect(contact.getByText(message, { exact: true })).toBeVisible();
  }
  await contact.getByLabel('Phone Number').fill('0123');
  await contact.getByLabel('Email Address').fill('ada@');
  await place.click();
  await expect(contact.getByText('Please enter a valid phone number')).toBeVisible();
  await expect(contact.getByText('Please enter a valid email address')).toBeVisible();
  await expect(contact.getByText('First name is required')).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);

  await contact.getByLabel('First Name').fill('Ada');
  await contact.getByLabel('Street Address').fill('1 Pipe Lane');
  await contact.getByLabel('Town/City').fill('Leeds');
  await contact.getByLabel('Phone Number').fill('+447946095800');
  await contact.getByLabel('Email Address').fill('ada@example.com');
  await place.click();
  // With every detail given, the order is placed and delivered to the address typed.
  await expect(page.getByRole('heading', { name: /^Thank you, your order #\d+ is placed$/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Delivery', exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByText('1 Pipe Lane')).toBeVisible();
});

test('an empty cart blocks checkout', async ({ page }) => {
  await page.goto('/cart');
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  await expect(page.getByText('Add items to your cart to see them here.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go to Checkout' })).toBeDisabled();
  await page.goto('/checkout');
  await expect(page.getByRole('button', { name: 'Go to Checkout' })).toBeDisabled();
});
