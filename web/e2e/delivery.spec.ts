import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { everyProduct, newEmail, rupees } from './helpers';

interface ApiVariant {
  _id: string;
  stock: number;
  discountedPrice: number;
}

// Delivery methods (docs/DESIGN.md §10) in the real shop: the demo's radiators weigh 12 kg,
// so three are too heavy for Next-day (up to 30 kg), and the shopper sends them on a pallet.
test('a heavy cart to a postcode goes by pallet, and the order and its invoice say so', async ({ page, request }) => {
  const radiators = (await everyProduct(request)).filter((p) => p.name.startsWith('Double Panel Convector Radiator'));
  expect(radiators.length).toBe(1);
  const { product } = (await (await request.get(`/api/product/${radiators[0]._id}`)).json()).data;
  const variant = (product.variants as ApiVariant[]).find((v) => v.stock >= 3)!;
  expect(variant).toBeTruthy();

  await page.goto(`/product/${product._id}?variant=${variant._id}`);
  const stepper = page.getByRole('group', { name: 'Quantity' });
  for (let i = 1; i < 3; i++) await stepper.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();

  await page.goto('/checkout');
  await page.getByRole('radio', { name: 'Delivery', exact: true }).click();
  const contact = page.getByRole('group', { name: 'Contact Information' });
  await contact.getByLabel('First Name').fill('Ada');
  await contact.getByLabel('Street Address').fill('12 St James’s Square');
  await contact.getByLabel('Town/City').fill('London');
  await contact.getByLabel('Postcode').fill('SW1Y 4LE');
  await contact.getByLabel('Phone Number').fill('+447946095800');
  const email = newEmail('heavy');
  await contact.getByLabel('Email Address').fill(email);

  const methods = page.getByRole('group', { name: 'Delivery method' });
  await expect(methods.getByRole('radio', { name: /Next-day/ })).toBeDisabled();
  await expect(methods.getByText('Too heavy for this method')).toBeVisible();
  await expect(methods.getByRole('radio', { name: /Highlands and islands/ })).toHaveCount(0);
  await expect(methods.getByRole('radio', { name: /Standard delivery/ })).toBeChecked();
  await methods.getByRole('radio', { name: /Pallet/ }).check();
  await expect(page.getByTestId('summary-delivery')).toHaveText(rupees(90_000));
  const goods = Math.round(variant.discountedPrice * 100) * 3;
  const total = goods - Math.round(goods * 0.2) + 90_000;
  await expect(page.getByTestId('summary-total')).toHaveText(rupees(total));

  await page.getByRole('radio', { name: 'Cash On Delivery' }).check();
  await page.getByRole('button', { name: 'Go to Checkout' }).click();
  await expect(page).toHaveURL(/\/orders\/\d+\?token=[^&]+&placed=1$/);
  const main = page.getByRole('main');
  await expect(main.getByText('By Pallet')).toBeVisible();
  await expect(main.getByText('SW1Y 4LE')).toBeVisible();
  await expect(main.getByText(rupees(90_000), { exact: true })).toBeVisible();
  await expect(main.getByText(rupees(total), { exact: true })).toBeVisible();

  // The invoice names the method on its delivery line.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /^Invoice INV-\d{6} \(PDF\)$/ }).click();
  const pdf = readFileSync(await (await download).path());
  const text = execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString();
  expect(text).toContain('Delivery: Pallet');
  expect(text).toContain(product.name.slice(0, 30));
  expect(text).toContain(rupees(total));
});
