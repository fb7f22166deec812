import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const ADMIN_EMAIL = process.env.SHOP_E2E_ADMIN_EMAIL!;
const ADMIN_PASSWORD = process.env.SHOP_E2E_ADMIN_PASSWORD!;

/** A CSV file's cells, line by line (RFC 4180: quoted cells may hold commas, quotes and
 * line breaks). A leading byte-order mark is dropped. */
function parseCsv(text: string): string[][] {
  const lines: string[][] = [];
  let line: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const char = body[i];
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      line.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && body[i + 1] === '\n') i++;
      line.push(cell);
      lines.push(line);
      line = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || line.length > 0) lines.push([...line, cell]);
  return lines;
}

/** `lines` as CSV text, quoting the cells that need it. */
const toCsv = (lines: string[][]) => lines.map((line) => line.map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(',')).join('\r\n') + '\r\n';

async function signInToConsole(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

test('an administrator exports the products, changes a price and adds a product in the file, imports it back, and the shop shows both', async ({ page }) => {
  // A word no demo product has, so the shop's search can only find the new product. It
  // stays in the shared test shop low on stock and not featured, so the tests that pick
  // well-stocked products or the home page's featured ones never meet it.
  const tag = `csv${Date.now().toString(36)}`;
  const newName = `Brass Pillar Tap ${tag}`;

  await signInToConsole(page);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Products' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = parseCsv(await readFile(await download.path(), 'utf8'));

  const [header, ...rows] = exported;
  // One line per variant: the product's own fields, then the variant's (docs/DESIGN.md §9).
  expect(header).toEqual([
    'id',
    'name',
    'description',
    'price',
    'discountPercentage',
    'discountEndDate',
    'stock',
    'category',
    'subCategory',
    'size',
    'color',
    'featured',
    'archived',
    'handle',
    'variantId',
    'sku',
    'option1Name',
    'option1Value',
    'option2Name',
    'option2Value',
    'option3Name',
    'option3Value',
    'weightGrams',
    'unit',
    'packSize',
    'minQuantity',
    'quantityStep',
    'taxClass',
  ]);
  const column = Object.fromEntries(header.map((name, i) => [name, i])) as Record<string, number>;
  // A product in the shop without options and with no discount, so its page shows the
  // price as set.
  const edited = rows.find((row) => row[column.archived] === 'false' && row[column.option1Name] === '' && Number(row[column.discountPercentage]) === 0 && row[column.discountEndDate] === '')!;
  expect(edited).toBeDefined();
  const id = edited[column.id];
  const oldPrice = edited[column.price];
  const newPrice = Number(oldPrice) === 77.77 ? '78.88' : '77.77';

  const changed = rows.map((row) => (row === edited ? row.map((cell, i) => (i === column.price ? newPrice : cell)) : row));
  const added = header.map(() => '');
  Object.assign(added, {
    [column.name]: newName,
    [column.description]: 'A single brass pillar tap, with "quarter-turn" valves, for basins.',
    [column.price]: '42.50',
    [column.discountPercentage]: '0',
    [column.stock]: '3',
    [column.category]: edited[column.category],
    [column.subCategory]: edited[column.subCategory],
    [column.featured]: 'false',
    [column.archived]: 'false',
  });
  const file = toCsv([header, ...changed, added]);

  await page.getByRole('link', { name: 'Import CSV' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import products' })).toBeVisible();
  await page.getByLabel('CSV file').setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(file, 'utf8') });

  // The dry run: one product to update, one to create, the rest as they were.
  const checked = page.getByRole('region', { name: 'Checked products.csv' });
  await expect(checked.getByRole('definition')).toHaveText(['1', '1', String(rows.length - 1), '0']);
  await expect(checked.getByRole('term')).toHaveText(['To create', 'To update', 'Unchanged', 'Refused']);
  // Each row that changes something, numbered as the spreadsheet numbers it (the header
  // is row 1), with what changes; the rest folded into one line.
  const listed = page.getByRole('region', { name: 'Rows of the file' }).getByRole('row');
  await expect(listed).toHaveCount(3);
  await expect(listed.nth(1)).toContainText(`${rows.indexOf(edited) + 2}Update${edited[column.name]}`);
  await expect(listed.nth(1)).toContainText(`price: ${oldPrice} → ${newPrice}`);
  await expect(listed.nth(2)).toContainText(`${rows.length + 2}New product${newName}`);
  await expect(checked.getByText(`${rows.length - 1} unchanged lines`)).toBeVisible();

  await page.getByRole('button', { name: 'Apply import' }).click();
  const done = page.getByRole('region', { name: 'Products imported' });
  await expect(done.getByRole('term')).toHaveText(['Created', 'Updated', 'Unchanged']);
  await expect(done.getByRole('definition')).toHaveText(['1', '1', String(rows.length - 1)]);

  try {
    // The shop shows the new price, and the new product.
    await page.goto(`/product/${id}`);
    await expect(page.getByRole('main').getByText(`$${newPrice}`, { exact: true })).toBeVisible();
    await page.goto(`/shop?keyword=${tag}`);
    const cards = page.getByRole('main').getByRole('heading', { level: 3 });
    await expect(cards).toHaveText([newName]);
    await cards.first().click();
    await expect(page.getByRole('heading', { level: 1, name: newName })).toBeVisible();
    await expect(page.getByRole('main').getByText('$42.50', { exact: true })).toBeVisible();
  } finally {
    // The edited product gets its price back, for the tests that come after.
    const { state } = JSON.parse((await page.evaluate(() => localStorage.getItem('console-auth-storage')))!);
    const restore = await page.request.post('/api/admin/product/import?apply=true', {
      headers: { Authorization: `Bearer ${state.accessToken}`, 'Content-Type': 'text/csv' },
      data: Buffer.from(toCsv([header, edited]), 'utf8'),
    });
    expect(restore.status()).toBe(200);
  }
});
