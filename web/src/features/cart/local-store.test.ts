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
    store().addToCart('a', 2);
    store().addToCart('b', 1);
    store().addToCart('a', 3);
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
    store().addToCart('a', 2);
    expect(store().updateCartQuantity('a', 7)).toEqual({ ok: true });
    expect(store().cart[0].quantity).toBe(7);
    store().updateCartQuantity('a', 0);
    expect(store().cart).toEqual([]);
    expect(store().removeFromCart('a')).toEqual({ ok: false, message: 'Item not found in cart' });
    expect(store().updateCartQuantity('zz', 2)).toEqual({ ok: false, message: 'Item not found in cart' });
  });

  it('empties the cart alone once an order has taken it', () => {
    store().addToCart('a', 2);
    store().addToWishlist('w');
    store().clearCart();
    expect(store().cart).toEqual([]);
    expect(store().wishlist).toEqual([{ productId: 'w' }]);
    expect(JSON.parse(localStorage.getItem(LOCAL_STORE_KEY)!)).toMatchObject({ cart: [], wishlist: [{ productId: 'w' }] });
  });

  it('refuses wishlist duplicates and more than 100 items per list', () => {
    expect(store().addToWishlist('a')).toEqual({ ok: true });
    expect(store().addToWishlist('a')).toEqual({ ok: false, message: 'Item already in wishlist' });
    for (let i = 1; i < 100; i++) store().addToWishlist(`w${i}`);
    expect(store().addToWishlist('one-more')).toEqual({ ok: false, message: 'Maximum 100 items allowed in wishlist' });
    for (let i = 0; i < 100; i++) store().addToCart(`c${i}`, 1);
    expect(store().addToCart('one-more', 1)).toEqual({ ok: false, message: 'Maximum 100 items allowed in cart' });
    expect(store().addToCart('c5', 1)).toEqual({ ok: true });
    expect(store().removeFromWishlist('nope')).toEqual({ ok: false, message: 'Item not found' });
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
    store().addToCart('a', 1);
    expect(error).toHaveBeenCalledWith('Failed to save data');
  });

  it('holds no more than the stock, nor more than 99, when told the stock', () => {
    expect(store().addToCart('a', 2, 3)).toEqual({ ok: true });
    expect(store().addToCart('a', 2, 3)).toEqual({ ok: false, message: 'Only 3 left in stock, and 2 already in your cart' });
    expect(store().addToCart('b', 4, 3)).toEqual({ ok: false, message: 'Only 3 left in stock' });
    expect(store().addToCart('c', 1, 0)).toEqual({ ok: false, message: 'This product is out of stock' });
    expect(store().addToCart('d', 99, 500)).toEqual({ ok: true });
    expect(store().addToCart('d', 1, 500)).toEqual({ ok: false, message: 'You can have at most 99 of one item in your cart, and 99 are there already' });
    expect(store().cart).toEqual([
      { productId: 'a', quantity: 2 },
      { productId: 'd', quantity: 99 },
    ]);
  });

  it('offers its lists for syncing, or says there is nothing to sync', () => {
    expect(store().syncPayload()).toEqual({ ok: false, message: 'No local data to sync' });
    store().addToCart('a', 2);
    store().addToWishlist('w');
    const payload = store().syncPayload();
    expect(payload.ok && payload.data.cart).toEqual([{ productId: 'a', quantity: 2 }]);
    expect(payload.ok && payload.data.wishlist).toEqual([{ productId: 'w' }]);
  });

  it('forgets only the entries the server confirmed', () => {
    store().addToCart('a', 2);
    store().addToWishlist('w');
    const payload = store().syncPayload();
    // Added while the merge was on its way: kept for the next one.
    store().addToCart('late', 1);
    if (payload.ok) store().forget(payload.data.cart, payload.data.wishlist);
    expect(store().cart).toEqual([{ productId: 'late', quantity: 1 }]);
    expect(store().wishlist).toEqual([]);
  });
});
