import { toast } from '@/lib/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartCount, LOCAL_STORE_KEY, useLocalStore } from './local-store';

const store = () => useLocalStore.getState();

describe('the local store (user_data)', () => {
  afterEach(() => {
    store().clear();
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it('adds a repeated cart product to its quantity, and counts the sum of quantities', () => {
    store().addToCart({ productId: 'a' }, 2);
    store().addToCart({ productId: 'b' }, 1);
    store().addToCart({ productId: 'a' }, 3);
    expect(store().cart).toEqual([
      { productId: 'a', quantity: 5 },
      { productId: 'b', quantity: 1 },
    ]);
    expect(cartCount(store().cart)).toBe(6);
    const saved = JSON.parse(localStorage.getItem(LOCAL_STORE_KEY)!);
    expect(saved.cart).toHaveLength(2);
    expect(saved.lastUpdated).toBeGreaterThan(0);
  });

  it('removes an item updated to 0 or less, and says when an item is missing', () => {
    store().addToCart({ productId: 'a' }, 2);
    expect(store().updateCartQuantity({ productId: 'a' }, 7)).toEqual({ ok: true });
    expect(store().cart[0].quantity).toBe(7);
    store().updateCartQuantity({ productId: 'a' }, 0);
    expect(store().cart).toEqual([]);
    expect(store().removeFromCart({ productId: 'a' })).toEqual({ ok: false, message: 'Item not found in cart' });
    expect(store().updateCartQuantity({ productId: 'zz' }, 2)).toEqual({ ok: false, message: 'Item not found in cart' });
  });

  it('empties the cart alone once an order has taken it', () => {
    store().addToCart({ productId: 'a' }, 2);
    store().addToWishlist({ productId: 'w' });
    store().clearCart();
    expect(store().cart).toEqual([]);
    expect(store().wishlist).toEqual([{ productId: 'w' }]);
    expect(JSON.parse(localStorage.getItem(LOCAL_STORE_KEY)!)).toMatchObject({ cart: [], wishlist: [{ productId: 'w' }] });
  });

  it('refuses wishlist duplicates and more than 100 items per list', () => {
    expect(store().addToWishlist({ productId: 'a' })).toEqual({ ok: true });
    expect(store().addToWishlist({ productId: 'a' })).toEqual({ ok: false, message: 'Item already in wishlist' });
    for (let i = 1; i < 100; i++) store().addToWishlist({ productId: `w${i}` });
    expect(store().addToWishlist({ productId: 'one-more' })).toEqual({ ok: false, message: 'Maximum 100 items allowed in wishlist' });
    for (let i = 0; i < 100; i++) store().addToCart({ productId: `c${i}` }, 1);
    expect(store().addToCart({ productId: 'one-more' }, 1)).toEqual({ ok: false, message: 'Maximum 100 items allowed in cart' });
    expect(store().addToCart({ productId: 'c5' }, 1)).toEqual({ ok: true });
    expect(store().removeFromWishlist({ productId: 'nope' })).toEqual({ ok: false, message: 'Item not found' });
  });

  it('recovers from a corrupt stored value with an empty store', async () => {
    const error = vi.spyOn(toast, 'error');
    localStorage.setItem(LOCAL_STORE_KEY, '{"cart": "not a list"');
    await useLocalStore.persist.rehydrate();
    expect(error).toHaveBeenCalledWith('Invalid data format');
    expect(store().cart).toEqual([]);
  });

  it('says so when the browser refuses to save', () => {
    const error = vi.spyOn(toast, 'error');
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    store().addToCart({ productId: 'a' }, 1);
    expect(error).toHaveBeenCalledWith('Failed to save data');
  });

  it('holds no more than the stock, nor more than 99, when told the stock', () => {
    expect(store().addToCart({ productId: 'a' }, 2, 3)).toEqual({ ok: true });
    expect(store().addToCart({ productId: 'a' }, 2, 3)).toEqual({ ok: false, message: 'Only 3 left in stock, and 2 already in your cart' });
    expect(store().addToCart({ productId: 'b' }, 4, 3)).toEqual({ ok: false, message: 'Only 3 left in stock' });
    expect(store().addToCart({ productId: 'c' }, 1, 0)).toEqual({ ok: false, message: 'This product is out of stock' });
    expect(store().addToCart({ productId: 'd' }, 99, 500)).toEqual({ ok: true });
    expect(store().addToCart({ productId: 'd' }, 1, 500)).toEqual({ ok: false, message: 'You can have at most 99 of one item in your cart, and 99 are there already' });
    expect(store().cart).toEqual([
      { productId: 'a', quantity: 2 },
      { productId: 'd', quantity: 99 },
    ]);
  });

  it('offers its lists for syncing, or says there is nothing to sync', () => {
    expect(store().syncPayload()).toEqual({ ok: false, message: 'No local data to sync' });
    store().addToCart({ productId: 'a' }, 2);
    store().addToWishlist({ productId: 'w' });
    const payload = store().syncPayload();
    expect(payload.ok && payload.data.cart).toEqual([{ productId: 'a', quantity: 2 }]);
    expect(payload.ok && payload.data.wishlist).toEqual([{ productId: 'w' }]);
  });

  it('forgets only the entries the server confirmed', () => {
    store().addToCart({ productId: 'a' }, 2);
    store().addToWishlist({ productId: 'w' });
    const payload = store().syncPayload();
    // Added while the merge was on its way: kept for the next one.
    store().addToCart({ productId: 'late' }, 1);
    if (payload.ok) store().forget(payload.data.cart, payload.data.wishlist);
    expect(store().cart).toEqual([{ productId: 'late', quantity: 1 }]);
    expect(store().wishlist).toEqual([]);
  });

  it('keeps a line per variant, and finds an entry from before variants as its product\'s one variant', () => {
    store().addToCart({ productId: 'elbow', variantId: '22-chrome' }, 2);
    store().addToCart({ productId: 'elbow', variantId: '15-brass' }, 1);
    store().addToCart({ productId: 'elbow', variantId: '22-chrome' }, 3);
    expect(store().cart).toEqual([
      { productId: 'elbow', variantId: '22-chrome', quantity: 5 },
      { productId: 'elbow', variantId: '15-brass', quantity: 1 },
    ]);
    store().updateCartQuantity({ productId: 'elbow', variantId: '15-brass' }, 4);
    store().removeFromCart({ productId: 'elbow', variantId: '22-chrome' });
    expect(store().cart).toEqual([{ productId: 'elbow', variantId: '15-brass', quantity: 4 }]);
    expect(store().removeFromCart({ productId: 'elbow', variantId: '28-chrome' })).toEqual({ ok: false, message: 'Item not found in cart' });

    // An entry without a variant is the product's one variant: adding it by its variant adds to it.
    store().addToCart({ productId: 'tape' }, 1);
    store().addToCart({ productId: 'tape', variantId: 'tape-1' }, 2);
    expect(store().cart).toContainEqual({ productId: 'tape', quantity: 3 });

    store().addToWishlist({ productId: 'elbow', variantId: '22-chrome' });
    expect(store().addToWishlist({ productId: 'elbow', variantId: '15-brass' })).toEqual({ ok: true });
    expect(store().addToWishlist({ productId: 'elbow', variantId: '15-brass' })).toEqual({ ok: false, message: 'Item already in wishlist' });
    expect(store().wishlist).toEqual([
      { productId: 'elbow', variantId: '22-chrome' },
      { productId: 'elbow', variantId: '15-brass' },
    ]);
  });

  it('loads stored entries with and without a variant, and sends both to the merge as stored', async () => {
    localStorage.setItem(
      LOCAL_STORE_KEY,
      JSON.stringify({ cart: [{ productId: 'old', quantity: 2 }, { productId: 'elbow', variantId: '22-chrome', quantity: 1 }], wishlist: [{ productId: 'old' }], lastUpdated: 5 }),
    );
    await useLocalStore.persist.rehydrate();
    const payload = store().syncPayload();
    expect(payload.ok && payload.data.cart).toEqual([
      { productId: 'old', quantity: 2 },
      { productId: 'elbow', variantId: '22-chrome', quantity: 1 },
    ]);
    expect(payload.ok && payload.data.wishlist).toEqual([{ productId: 'old' }]);
  });

  it('refuses a stored entry whose variant is not an id', async () => {
    const error = vi.spyOn(toast, 'error');
    localStorage.setItem(LOCAL_STORE_KEY, JSON.stringify({ cart: [{ productId: 'a', variantId: 7, quantity: 1 }], wishlist: [], lastUpdated: 1 }));
    await useLocalStore.persist.rehydrate();
    expect(error).toHaveBeenCalledWith('Invalid data format');
  });

  it('forgets the lines the server confirmed, variant by variant', () => {
    store().addToCart({ productId: 'elbow', variantId: '22-chrome' }, 1);
    const payload = store().syncPayload();
    store().addToCart({ productId: 'elbow', variantId: '15-brass' }, 1);
    if (payload.ok) store().forget(payload.data.cart, payload.data.wishlist);
    expect(store().cart).toEqual([{ productId: 'elbow', variantId: '15-brass', quantity: 1 }]);
  });
});
