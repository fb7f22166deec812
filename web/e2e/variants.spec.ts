import { expect, test } from './fixtures';
import { everyProduct, newEmail, signIn, signInToConsole } from './helpers';

interface ApiVariant {
  _id: string;
  sku: string;
  options: Record<string, string>;
  stock: number;
  discountedPrice: number;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('a shopper chooses a size and finish, checks out, and finds the variant in My Orders and the console', async ({ page, request, browser, baseURL }) => {
  // A demo fitting sold in sizes and finishes, and one of its variants with stock that
  // is not the one the page shows first (so the shopper really chooses).
  const fittings = (await everyProduct(request)).filter((p) => (p.options ?? []).map((o) => o.name).join() === 'Size,Finish');
  expect(fittings.length).toBeGreaterThan(0);
  const { product } = (await (await request.get(`/api/product/${fittings[0]._id}`)).json()).data;
  const variants: ApiVariant[] = product.variants;
  const cheapest = [...variants].filter((v) => v.stock > 0).sort((a, b) => a.discountedPrice - b.discountedPrice)[0];
  const wanted = variants.find((v) => v.stock >= 2 && v._id !== cheapest._id && v.options.Size !== cheapest.options.Size && v.options.Finish !== cheapest.options.Finish)!;
  expect(wanted).toBeTruthy();

  const email = newEmail('fitter');
  await signIn(page, request, email);
  await page.goto(`/product/${product._id}`);
  // Before any choice, the cheapest variant in stock is shown and put in the URL.
  await expect(page).toHaveURL(new RegExp(`variant=${cheapest._id}`));
  for (const name of ['Size', 'Finish']) {
    const group = page.getByRole('group', { name: new RegExp(`^${name}:`) });
    await group.locator('label', { hasText: new RegExp(`^${escape(wanted.options[name])}`) }).click();
  }
  await expect(page).toHaveURL(new RegExp(`variant=${wanted._id}`));
  await expect(page.getByRole('main').getByText(wanted.sku, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  // A line names its values by option name, in the order the server writes them (by name).
  const described = `Finish: ${wanted.options.Finish} · Size: ${wanted.options.Size}`;
  await page.goto('/cart');
  await expect(page.getByRole('main').getByText(described)).toBeVisible();

  await page.goto('/checkout');
  const details = page.getByRole('group', { name: 'Your details' });
  await details.getByLabel('Name').fill('Ada Fitter');
  await details.getByLabel('Phone Number').fill('+447946095800');
  await page.getByRole('radio', { name: 'Cash On Delivery' }).check();
  await page.getByRole('button', { name: 'Go to Checkout' }).click();
  await expect(page).toHaveURL(/\/orders\/\d+\?token=[^&]+&placed=1$/);
  const number = /\/orders\/(\d+)\?/.exec(page.url())![1];

  await page.goto(`/my-orders/${number}`);
  await expect(page.getByRole('heading', { name: `Order #${number}`, exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByText(described)).toBeVisible();
  await expect(page.getByRole('main').getByText(`SKU: ${wanted.sku}`)).toBeVisible();

  // The variant's own stock went down by one; its siblings kept theirs.
  const after = (await (await request.get(`/api/product/${product._id}`)).json()).data.product.variants as ApiVariant[];
  for (const v of variants) {
    expect(after.find((a) => a._id === v._id)!.stock).toBe(v._id === wanted._id ? v.stock - 1 : v.stock);
  }

  const console = await browser.newContext({ baseURL });
  try {
    const admin = await console.newPage();
    await signInToConsole(admin);
    await admin.goto(`/admin/orders/${number}`);
    await expect(admin.getByRole('heading', { level: 1, name: `Order #${number}` })).toBeVisible();
    const items = admin.getByRole('region', { name: 'Items table' });
    await expect(items).toContainText(described);
    await expect(items).toContainText(`SKU: ${wanted.sku}`);
  } finally {
    await console.close();
  }
});
