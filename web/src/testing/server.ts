import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { vi } from 'vitest';
import type { Banner, Category, ErrorCode, Item, Product, ShopFacts, TradeStanding, User } from '@/api/types';

/** What every test's shop says of itself unless the test says otherwise (`shopHandler`):
 * no currency of its own and no pickup point, as a fresh shop. */
/** A fresh shop's facts: no currency or pickup point, VAT included at 20 / 5 / 0 %. */
const FRESH_SHOP: ShopFacts = { currency: null, pickup: null, name: 'Shop', country: 'GB', taxLabel: 'VAT', pricesIncludeTax: true, rates: { standard: 20, reduced: 5, zero: 0 } };
export const shopHandler = (shop: Partial<ShopFacts> = {}) => http.get('*/api/shop', () => envelope({ shop: { ...FRESH_SHOP, ...shop } }, 'Shop'));

/** GET /auth/user: the signed-in shopper, whose trade account stands as `trade` says (by
 * default none: checkout then offers no pay on account; testing/trade.ts has accounts). */
export const currentUserHandler = (trade: TradeStanding | null = null) => http.get('*/api/auth/user', () => envelope({ user: { ...user(), trade } }, 'User'));

export const server = setupServer(shopHandler(), currentUserHandler());

export function envelope<T>(data: T, message = 'ok') {
  return HttpResponse.json({ success: true, message, data });
}

export function failure(status: number, message: string, code?: ErrorCode) {
  return HttpResponse.json({ success: false, message, ...(code && { code }) }, { status });
}

/** A handler for a request the test expects NOT to be sent: it fails, and counts its calls. */
export function unexpected(method: 'get' | 'post' | 'patch' | 'delete', path: string) {
  const calls = vi.fn();
  const handler = http[method](path, () => {
    calls();
    return failure(500, 'should not be called');
  });
  return { calls, handler };
}

export function product(overrides: Partial<Product> = {}): Product {
  return {
    _id: '0123456789abcdef01234567',
    name: 'Aquaflow Chrome Mono Basin Mixer Tap',
    description: 'A basin tap.',
    price: 40,
    discountPercentage: 0,
    discountedPrice: 40,
    priceBreaks: [],
    images: ['demo/faucet-chrome-0.svg'],
    stock: 25,
    category: { _id: 'aaaaaaaaaaaaaaaaaaaaaaaa', title: 'Faucets' },
    subCategory: { _id: 'bbbbbbbbbbbbbbbbbbbbbbbb', title: 'Basin Taps' },
    discountEndDate: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    rating: 4.5,
    reviewCount: 12,
    size: 'Standard',
    color: 'Chrome',
    options: [],
    unit: 'each',
    packSize: null,
    minQuantity: 1,
    quantityStep: 1,
    taxClass: 'standard',
    ...overrides,
  };
}

/** A signed-in shopper: Ada, verified, with a phone number. */
export function user(overrides: Partial<User> = {}): User {
  return {
    _id: 'u'.padStart(24, '0'),
    fullName: 'Ada Lovelace',
    phoneNumber: '+447700900123',
    emailAddress: 'ada@example.com',
    profilePhoto: null,
    isEmailVerified: true,
    role: 'customer',
    permissions: [],
    createdAt: '',
    ...overrides,
  };
}

/** A request that waits until the test lets it go: a handler awaits `held`, the test calls `release()`. */
export function gate() {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  return { held, release };
}

export const categories: Category[] = [
  { _id: 'aaaaaaaaaaaaaaaaaaaaaaaa', title: 'Faucets', version: 1, subCategories: [{ _id: 'bbbbbbbbbbbbbbbbbbbbbbbb', title: 'Basin Taps', version: 1 }], maxDiscountPercentage: 50 },
  { _id: 'cccccccccccccccccccccccc', title: 'Heating', version: 1, subCategories: [], maxDiscountPercentage: 0 },
];

export const banners: Banner[] = [
  { _id: 'dddddddddddddddddddddddd', image: 'banners/a.svg', url: '/shop?category=cccccccccccccccccccccccc' },
  { _id: 'eeeeeeeeeeeeeeeeeeeeeeee', image: 'banners/b.svg', url: '/shop' },
];

/** Handlers for a healthy catalogue; tests override one to see a failure. */
export const catalogueHandlers = [
  http.get('*/api/category', () => envelope({ categories })),
  http.get('*/api/banner', () => envelope(banners)),
  http.get('*/api/user/home-page', () => envelope({ topProducts: [product()] })),
  http.get('*/api/product/:id', () => envelope({ product: product() })),
  http.get('*/api/product/:id/related', () => envelope({ products: [] }, 'Related products')),
  http.get('*/api/product', () => envelope({ products: [product()], total: 1, page: 1, perPage: 10 })),
  http.get('*/api/review/product/:id', () => envelope({ reviews: [], total: 0 })),
  http.get('*/api/search/suggest', () => envelope({ products: [], categories: [] })),
  // A shop without card payments (cash on delivery or at pickup); card tests answer with
  // the test provider's config instead (testing/payments.ts).
  http.get('*/api/payment/config', () => envelope({ provider: 'manual', testMode: false, tokenizeUrl: null })),
  ...itemHandlers(),
];

/** A cart or wishlist entry of `product` (its `_id` is the entry's unless given). */
/** The variant id the fixtures' items name: each product's one variant. */
export const ONE_VARIANT = 'v'.padStart(24, '0');

export function item(of: Product = product(), overrides: Partial<Item> = {}): Item {
  return {
    _id: of._id,
    productId: of._id,
    name: of.name,
    images: of.images,
    price: of.price,
    discountPercentage: of.discountPercentage,
    discountedPrice: of.discountedPrice,
    // A trade customer's answers carry the public price beside theirs (docs/DESIGN.md §11).
    ...(of.listPrice != null && { listPrice: of.listPrice }),
    priceBreaks: of.priceBreaks,
    quantity: 1,
    stock: of.stock,
    size: of.size,
    color: of.color,
    rating: of.rating,
    reviewCount: of.reviewCount,
    taxClass: of.taxClass ?? 'standard',
    variantId: ONE_VARIANT,
    sku: 'SKU-1',
    options: {},
    ...overrides,
  };
}

/** The items API over fixed lists: the signed-in lists (empty by default), and guests'
 * details for the given products (by default, any id reads as `product()` with it). */
export function itemHandlers(lists: { cart?: Item[]; wishlist?: Item[]; products?: Product[] } = {}) {
  return [
    http.get('*/api/user/item', ({ request }) => {
      const type = new URL(request.url).searchParams.get('type');
      return envelope(type === 'wishlist' ? (lists.wishlist ?? []) : (lists.cart ?? []));
    }),
    http.post('*/api/user/cart-detail', async ({ request }) => {
      const { cartItems } = (await request.json()) as { cartItems: { productId: string; quantity: number }[] };
      const products = cartItems.flatMap(({ productId, quantity }) => {
        const found = lists.products ? lists.products.find((p) => p._id === productId) : product({ _id: productId });
        return found ? [item(found, { quantity })] : [];
      });
      return envelope({ products });
    }),
  ];
}
