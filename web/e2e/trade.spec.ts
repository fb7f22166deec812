import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { cents, everyProduct, rupees, signIn, signInToConsole } from './helpers';

/** A product as the listing gives it to a signed-in shopper: a trade customer's own price
 * is `discountedPrice`, the public one `listPrice` (docs/DESIGN.md §11). */
interface TradeProduct {
  _id: string;
  name: string;
  discountPercentage: number;
  discountedPrice: number;
  listPrice: number | null;
  priceRange?: { min: number; max: number } | null;
  priceBreaks: { minQuantity: number; price: number }[];
  subCategory: { title: string };
  unit?: string;
  minQuantity?: number;
  quantityStep?: number;
}

interface TradeVariant {
  _id: string;
  sku: string;
  stock: number;
  discountedPrice: number;
  listPrice: number | null;
}

/** The sub-categories the demo gives quantity breaks (all in 'Pipe Fittings', 10 % off for 'Trade'). */
const FITTINGS = ['Elbows', 'Tees', 'Couplings'];

/** 'Mar 01, 2023', as the shop writes a day (lib/format.ts formatDate), `days` after now. */
const dayAfter = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric', timeZone: 'UTC' });

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A product's variants as the holder of `token` sees them. */
async function variantsOf(request: APIRequestContext, token: string, id: string): Promise<TradeVariant[]> {
  const response = await request.get(`/api/product/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()).data.product.variants as TradeVariant[];
}

// Trade accounts (docs/DESIGN.md §11) end to end: the application, the console's approval
// into the demo's 'Trade' group with credit, the account's prices and breaks in the shop,
// quick order, paying on account with a PO number, and the Statement.
test('a plumber applies, is approved, sees account prices and a break, pastes five SKUs, pays on account with a PO number, and finds the order on the statement', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const token = await signIn(page, request);
  const company = `Ada Plumbing ${Date.now().toString(36)}`;

  // 1. The shopper applies from the account area.
  await page.goto('/profile-settings');
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Trade Account' }).click();
  await expect(page).toHaveURL(/\/trade-account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Trade Account' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Apply for a trade account' });
  await form.getByLabel('Company name').fill(company);
  await form.getByLabel('VAT or company number').fill('GB123456789');
  await form.getByLabel('Trade', { exact: true }).selectOption({ label: 'Plumber' });
  await form.getByLabel('Phone number').fill('+447946095800');
  await form.getByLabel('Street address').fill('1 Pipe Lane');
  await form.getByLabel('Town/City').fill('Manchester');
  await form.getByLabel('Postcode').fill('M1 1AE');
  await expect(form.getByLabel('Country')).toHaveValue('');
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByRole('heading', { name: 'Your application is being reviewed' })).toBeVisible();
  await expect(page.getByText(`We received the application for ${company} on`)).toBeVisible();

  // 2. An administrator approves it into 'Trade' with ₹5000 of credit on 30 days' terms.
  const console = await browser.newContext({ baseURL });
  try {
    const admin = await console.newPage();
    await signInToConsole(admin);
    await admin.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Trade applications' }).click();
    await expect(admin).toHaveURL(/\/admin\/trade-applications$/);
    await expect(admin.getByRole('heading', { level: 1, name: 'Trade applications' })).toBeVisible();
    await expect(admin.getByLabel('Status')).toHaveValue('open');
    const row = admin.getByRole('row').filter({ has: admin.getByRole('rowheader', { name: company, exact: true }) });
    await expect(row).toContainText('Plumber');
    await expect(row).toContainText('Open');
    await row.getByRole('button', { name: `Review ${company}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Review ${company}` });
    await expect(dialog.getByRole('definition').filter({ hasText: 'GB123456789' })).toBeVisible();
    const approve = dialog.getByRole('form', { name: 'Approve' });
    await approve.getByLabel('Customer group').selectOption({ label: 'Trade' });
    await approve.getByLabel(/^Credit limit/).fill('5000');
    await approve.getByLabel('Payment terms (days)').fill('30');
    await approve.getByRole('button', { name: 'Approve application' }).click();
    await expect(dialog).toBeHidden();
    // Decided, the row says so in place, with the account's terms and nothing left to review;
    // the table of approved applications has it too.
    const terms = `Trade · credit ${rupees(500_000)} · 30 days`;
    await expect(row.getByRole('cell').nth(3)).toHaveText(`Approved${terms}`);
    await expect(row.getByRole('button', { name: `Review ${company}` })).toHaveCount(0);
    await admin.getByLabel('Status').selectOption('approved');
    await expect(admin).toHaveURL(/\/admin\/trade-applications\?status=approved$/);
    await expect(row.getByRole('cell').nth(3)).toHaveText(`Approved${terms}`);
  } finally {
    await console.close();
  }

  // 3. The shopper's account is approved, and the shop shows its prices.
  await page.reload();
  const approved = page.getByRole('region', { name: 'Your trade account is approved' });
  await expect(approved).toBeVisible();
  await expect(approved.getByRole('definition')).toHaveText([company, 'Trade', rupees(500_000), 'Pay within 30 days']);

  // An elbow of one variant, sold at its list price to the public: the account pays 10 %
  // less (the group's discount on 'Pipe Fittings') and has the group's break, 15 % off from 25.
  const asShopper = { headers: { Authorization: `Bearer ${token}` } };
  const listing = await request.get('/api/product?keyword=elbow&perPage=50', asShopper);
  const elbows = ((await listing.json()).data.products as TradeProduct[]).filter((p) => p.subCategory.title === 'Elbows');
  const elbow = elbows.find(
    (p) =>
      !p.priceRange &&
      p.discountPercentage === 0 &&
      p.listPrice !== null &&
      p.priceBreaks.length === 1 &&
      elbows.filter((other) => other.name === p.name).length === 1,
  )!;
  expect(elbow).toBeTruthy();
  const list = cents(elbow.listPrice!);
  expect(cents(elbow.discountedPrice)).toBe(Math.round(list * 0.9));
  expect(elbow.priceBreaks).toEqual([{ minQuantity: 25, price: Math.round(list * 0.85) / 100 }]);
  const usd = (amount: number) => `$${amount.toFixed(2)}`;

  await page.goto('/shop?keyword=elbow');
  const card = page.getByRole('main').getByRole('link').filter({ has: page.getByTitle(elbow.name, { exact: true }) });
  await expect(card).toHaveCount(1);
  await expect(card.getByText('Your price', { exact: true })).toBeVisible();
  await expect(card.getByText(usd(elbow.discountedPrice), { exact: true })).toBeVisible();
  // The list price is struck through, and named so to a screen reader.
  const cardListPrice = card.getByText(`List price ${usd(elbow.listPrice!)}`, { exact: true });
  await expect(cardListPrice).toHaveCSS('text-decoration-line', 'line-through');
  await expect(card.getByText(`Buy 25+ for ${usd(elbow.priceBreaks[0].price)} each`)).toBeVisible();
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/product/${elbow._id}`));
  await expect(page.getByRole('heading', { level: 1, name: elbow.name })).toBeVisible();
  const main = page.getByRole('main');
  // The product's own prices come first: the cards of 'You might also like' below have theirs.
  await expect(main.getByText('Your price', { exact: true }).first()).toBeVisible();
  await expect(main.getByText(`List price ${usd(elbow.listPrice!)}`, { exact: true }).first()).toHaveCSS('text-decoration-line', 'line-through');
  await expect(main.getByText(`You Save ${usd((list - cents(elbow.discountedPrice)) / 100)}`, { exact: true })).toBeVisible();
  const breaks = main.getByRole('table', { name: 'Quantity breaks' });
  await expect(breaks.getByRole('columnheader')).toHaveText(['Quantity', 'Price each']);
  await expect(breaks.getByRole('row').filter({ has: page.getByRole('cell', { name: '25+', exact: true }) })).toHaveText(`25+${usd(elbow.priceBreaks[0].price)}`);

  // 4. Five SKUs of fittings in stock, one from each product, taken in turn from the elbows,
  // tees and couplings: pasted one of each into Quick order.
  const fittings = (await everyProduct(request)) as unknown as TradeProduct[];
  const bySubCategory = FITTINGS.map((title) =>
    fittings.filter((p) => p.subCategory?.title === title && (p.unit ?? 'each') === 'each' && (p.minQuantity ?? 1) === 1 && (p.quantityStep ?? 1) === 1),
  );
  const picked: TradeVariant[] = [];
  for (let i = 0; picked.length < 5 && bySubCategory.some((products) => i < products.length); i++) {
    for (const products of bySubCategory) {
      if (picked.length === 5 || i >= products.length) continue;
      const variant = (await variantsOf(request, token, products[i]._id)).find((v) => v.stock >= 10);
      if (variant) picked.push(variant);
    }
  }
  expect(picked).toHaveLength(5);
  // Every one at the account's price: 10 % off the list price.
  for (const variant of picked) expect(cents(variant.discountedPrice)).toBe(Math.round(cents(variant.listPrice!) * 0.9));
  const goods = picked.reduce((sum, variant) => sum + cents(variant.discountedPrice), 0);

  await page.goto('/profile-settings');
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Quick Order' }).click();
  await expect(page).toHaveURL(/\/quick-order$/);
  await page.getByLabel('Paste from a spreadsheet').fill(picked.map((variant) => `${variant.sku}\t1`).join('\n'));
  await page.getByRole('button', { name: 'Add to cart' }).click();
  // The answer is also said in the page's live region: the one shown is under Results.
  const answer = page.getByRole('region', { name: 'Results' });
  await expect(answer.getByText('5 of 5 lines added', { exact: true })).toBeVisible();
  const results = answer.getByRole('table', { name: "Each line's answer" });
  await expect(results.getByRole('rowheader')).toHaveText(picked.map((variant) => variant.sku));
  for (const variant of picked) {
    await expect(results.getByRole('row').filter({ has: page.getByRole('rowheader', { name: variant.sku, exact: true }) }).getByRole('cell')).toHaveText([
      'Added',
      '1',
      '',
    ]);
  }
  await expect(page.getByRole('link', { name: 'Cart, 5 items' })).toBeVisible();
  await answer.getByRole('link', { name: 'Go to cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);

  // 5. Pickup, paid on account with a PO number: no cart discount for the group.
  await page.goto('/checkout');
  await expect(page.getByRole('list', { name: 'Items in your order' }).getByRole('listitem')).toHaveCount(5);
  await expect(page.getByTestId('summary-subtotal')).toHaveText(rupees(goods));
  await expect(page.getByTestId('summary-discount')).toHaveText(`-${rupees(0)}`);
  await expect(page.getByTestId('summary-total')).toHaveText(rupees(goods));
  const details = page.getByRole('group', { name: 'Your details' });
  await details.getByLabel('Name').fill('Ada Plumber');
  await details.getByLabel('Phone Number').fill('+447946095800');
  await page.getByRole('radio', { name: 'Pay on account' }).check();
  const account = page.getByRole('group', { name: 'Account' });
  await expect(account.getByText(`Available credit: ${rupees(500_000)}`)).toBeVisible();
  await account.getByLabel('PO number').fill('PO-E2E-1');
  // The days the order is placed and due on, as the server takes them (UTC), read either
  // side of placing it in case midnight passes in between.
  const [placedBefore, dueBefore] = [dayAfter(0), dayAfter(30)];
  await page.getByRole('button', { name: 'Go to Checkout' }).click();
  await expect(page).toHaveURL(/\/orders\/\d+\?(token=[^&]+&)?placed=1$/);
  const [placedAfter, dueAfter] = [dayAfter(0), dayAfter(30)];
  const placed = new RegExp(`^(${escape(placedBefore)}|${escape(placedAfter)})$`);
  const due = new RegExp(`^(${escape(dueBefore)}|${escape(dueAfter)})$`);
  const number = /\/orders\/(\d+)\?/.exec(page.url())![1];
  const payment = page.getByRole('region', { name: 'Payment' });
  await expect(payment.getByRole('definition')).toHaveText(['Paid on account', 'To pay by the due date']);
  await expect(payment.getByText('PO number: PO-E2E-1', { exact: true })).toBeVisible();
  await expect(payment.getByText(new RegExp(`^Due: (${escape(dueBefore)}|${escape(dueAfter)})$`))).toBeVisible();
  const totals = page.getByLabel('Order totals').getByRole('definition');
  await expect(totals.nth(0)).toHaveText(rupees(goods));
  await expect(totals.nth(1)).toHaveText(`-${rupees(0)}`);
  await expect(totals.nth(2)).toHaveText(rupees(0));
  await expect(totals.nth(3)).toHaveText(rupees(goods));

  // 6. The Statement lists it, open, and the credit it used.
  await page.goto('/profile-settings');
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Statement' }).click();
  await expect(page).toHaveURL(/\/statement$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Statement' })).toBeVisible();
  await expect(page.getByLabel('Account summary').getByRole('definition')).toHaveText([
    rupees(500_000),
    rupees(goods),
    rupees(500_000 - goods),
  ]);
  const statement = page.getByRole('table', { name: 'Open orders on account' });
  const line = statement.getByRole('row').filter({ has: page.getByRole('link', { name: `#${number}`, exact: true }) });
  await expect(line).toHaveCount(1);
  const cells = line.getByRole('cell');
  await expect(cells).toHaveText([placed, 'PO-E2E-1', rupees(goods), due, 'Open']);
});
