// What the browser tests share: the demo catalogue as the API reports it, a signed-in
// session made through the API, the mail in the test server's outbox, and the cart.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';

export interface ApiProduct {
  _id: string;
  name: string;
  stock: number;
  discountPercentage: number;
  reviewCount: number;
  price: number;
  discountedPrice: number;
  options?: { name: string; values: string[] }[];
  unit?: string;
  minQuantity?: number;
  quantityStep?: number;
}

/** Every demo product sold one at a time in one variant (no options, no sale unit),
 * read from the API the storefront uses: what the tests written before variants buy.
 * `variants.spec.ts` buys the others. */
export async function allProducts(request: APIRequestContext): Promise<ApiProduct[]> {
  return (await everyProduct(request)).filter(
    (p) => (p.options ?? []).length === 0 && (p.unit ?? 'each') === 'each' && (p.minQuantity ?? 1) === 1 && (p.quantityStep ?? 1) === 1,
  );
}

/** Every demo product, variants or not. */
export async function everyProduct(request: APIRequestContext): Promise<ApiProduct[]> {
  const products: ApiProduct[] = [];
  for (let page = 1; ; page++) {
    const body = await (await request.get(`/api/product?perPage=100&page=${page}`)).json();
    products.push(...body.data.products);
    if (products.length >= body.data.total) return products;
  }
}

/** Signs a new shopper up through the API and stores the session as the storefront does. */
export async function signIn(page: Page, request: APIRequestContext, email = newEmail('shopper')): Promise<string> {
  const response = await request.post('/api/auth/signup', { multipart: { emailAddress: email, password: 'Secret12' } });
  expect(response.status()).toBe(201);
  const { data } = await response.json();
  await page.goto('/');
  await page.evaluate(
    (session) =>
      localStorage.setItem('auth-storage', JSON.stringify({ state: { ...session, isAuthenticated: true }, version: 0 })),
    { user: data.user, accessToken: data.accessToken },
  );
  return data.accessToken as string;
}

/** A small solid PNG, made here so the test needs no fixture files. */
export function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, i) => rgb[i % 3])]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Every mail to `to` in the test server's outbox, newest first, as raw text (the text
 * part is 8bit, so codes and links read as they are). `newerThan` skips older files. */
export function mailsTo(to: string, newerThan = 0): string[] {
  const outbox = path.join(process.env.SHOP_E2E_DATA_DIR!, 'outbox');
  if (!existsSync(outbox)) return [];
  const address = to.toLowerCase();
  return readdirSync(outbox, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.eml'))
    .map((entry) => path.join(outbox, entry.name))
    .map((file) => ({ file, at: statSync(file).mtimeMs }))
    .filter((mail) => mail.at > newerThan)
    .sort((a, b) => b.at - a.at)
    .map((mail) => readFileSync(mail.file, 'utf8'))
    .filter((text) => text.toLowerCase().includes(`to: ${address}`) || text.toLowerCase().includes(`<${address}>`));
}

/** The newest mail to `to` (newer than `newerThan`) that `holds` accepts, once it has
 * arrived: the outbox is polled for up to 15 s. */
export async function latestMail(to: string, newerThan = 0, holds: (mail: string) => boolean = () => true): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(() => (found = mailsTo(to, newerThan).find(holds)) !== undefined, { message: `a mail to ${to} in the outbox`, timeout: 15_000 })
    .toBe(true);
  return found!;
}

/** The cart's rupee reading of an amount in cents. */
export const rupees = (cents: number) => `₹${(cents / 100).toFixed(2)}`;
/** An API amount (a decimal) in cents. */
export const cents = (amount: number) => Math.round(amount * 100);

/** What an order comes to (docs/DESIGN.md §6), in cents: 20 % off, 100 for delivery. */
export function totalsOf(lines: [ApiProduct, number][], fulfilment: 'pickup' | 'delivery') {
  const subtotal = lines.reduce((sum, [product, quantity]) => sum + cents(product.discountedPrice) * quantity, 0);
  const discount = Math.round(subtotal * 0.2);
  const fee = fulfilment === 'delivery' ? 10_000 : 0;
  return { subtotal, discount, fee, total: subtotal - discount + fee };
}

/** Opens the product's page, sets the quantity and adds it to the cart; resolves once the
 * header counts `cartAfter` items (the cart has taken it, for a guest or on the server). */
export async function addToCart(page: Page, product: ApiProduct, quantity: number, cartAfter: number) {
  await page.goto(`/product/${product._id}`);
  const stepper = page.getByRole('group', { name: 'Quantity' });
  for (let i = 1; i < quantity; i++) await stepper.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('link', { name: `Cart, ${cartAfter} ${cartAfter === 1 ? 'item' : 'items'}` })).toBeVisible();
}

/** A fresh address for one test. */
export const newEmail = (what: string) => `${what}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** The administrator global-setup made (`shop admin create`), for the console's tests. */
export const consoleAdmin = () => ({ email: process.env.SHOP_E2E_ADMIN_EMAIL!, password: process.env.SHOP_E2E_ADMIN_PASSWORD! });

/** Signs the administrator in through the console's login page; resolves once the
 * dashboard, where it leads, shows. */
export async function signInToConsole(page: Page) {
  const { email, password } = consoleAdmin();
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

/** An administrator's access token from the API, for a test's own set-up calls. */
export async function consoleToken(request: APIRequestContext): Promise<string> {
  const { email, password } = consoleAdmin();
  const response = await request.post('/api/auth/admin/login', { data: { emailAddress: email, password } });
  expect(response.status()).toBe(200);
  return (await response.json()).data.accessToken as string;
}

/** A listing filter's option as the shop shows it once the counts are in: 'Kitchen Mixers (8)'. */
export function counted(title: string): RegExp {
  return new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(\\d+\\)$`);
}

/** A product of its own for a test, made through the API with `stock` units, not
 * featured, so no other test picks it. */
export async function newProduct(request: APIRequestContext, token: string, name: string, stock: number): Promise<string> {
  const { data } = await (await request.get('/api/category')).json();
  const category = (data.categories as { _id: string; subCategories: { _id: string }[] }[]).find((c) => c.subCategories.length > 0)!;
  const response = await request.post('/api/admin/product', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name,
      description: 'A product a browser test makes for itself.',
      price: 12.5,
      discountPercentage: 0,
      discountEndDate: null,
      stock,
      categoryId: category._id,
      subCategoryId: category.subCategories[0]._id,
      size: '',
      color: '',
      featured: false,
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).data.product._id as string;
}
