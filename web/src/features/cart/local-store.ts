import { toast } from '@/lib/toast';
import { MAX_QUANTITY } from '@/lib/quantity';
import { MAX_LIST_ITEMS } from '@/lib/rules';
import { create } from 'zustand';
import { persist, type PersistStorage, type StorageValue } from 'zustand/middleware';
import { type LineRef, lineKey, lineMatches, refOf } from './line-ref';

/** The guest's cart and wishlist, kept in the browser under 'user_data' (spec §3, §8, §9):
 * one entry per variant (docs/DESIGN.md §9). Entries written before variants name only the
 * product, and still load: the server reads them as the product's one variant. */
export const LOCAL_STORE_KEY = 'user_data';
/** At most this many entries in each list. */
export const LOCAL_LIST_LIMIT = MAX_LIST_ITEMS;

export interface CartEntry {
  productId: string;
  variantId?: string;
  quantity: number;
}

export interface WishlistEntry {
  productId: string;
  variantId?: string;
}

export interface LocalData {
  cart: CartEntry[];
  wishlist: WishlistEntry[];
  lastUpdated: number;
}

/** What a change did: nothing to say, or the spec's message for why it was refused. */
export type Outcome = { ok: true } | { ok: false; message: string };

interface LocalStore extends LocalData {
  /** Adds to the cart; with `stock`, refuses to hold more than it (or than 99). */
  addToCart: (line: LineRef, quantity: number, stock?: number) => Outcome;
  updateCartQuantity: (line: LineRef, quantity: number) => Outcome;
  removeFromCart: (line: LineRef) => Outcome;
  addToWishlist: (line: LineRef) => Outcome;
  removeFromWishlist: (line: LineRef) => Outcome;
  /** Empties the cart, keeping the wishlist (an order has taken the lines). */
  clearCart: () => void;
  clear: () => void;
  /** What to send to `/user/sync`, or 'No local data to sync' when both lists are empty. */
  syncPayload: () => { ok: true; data: LocalData } | { ok: false; message: string };
  /** Drops these entries, once the server holds them. */
  forget: (cart: CartEntry[], wishlist: WishlistEntry[]) => void;
}

const refused = (message: string): Outcome => ({ ok: false, message });
const OK: Outcome = { ok: true };

const optionalId = (id: unknown) => id === undefined || typeof id === 'string';

function isLocalData(value: unknown): value is LocalData {
  const data = value as LocalData;
  return (
    typeof data === 'object' &&
    data !== null &&
    Array.isArray(data.cart) &&
    Array.isArray(data.wishlist) &&
    data.cart.every((e) => typeof e?.productId === 'string' && optionalId(e.variantId) && Number.isInteger(e.quantity) && e.quantity > 0) &&
    data.wishlist.every((e) => typeof e?.productId === 'string' && optionalId(e.variantId))
  );
}

/** localStorage holding exactly the spec's shape: a corrupt value is reported ('Invalid
 * data format') and replaced by an empty store; a failed write says 'Failed to save data'. */
const storage: PersistStorage<LocalData> = {
  getItem: (name) => {
    const raw = localStorage.getItem(name);
    if (raw === null) return null;
    try {
      const data: unknown = JSON.parse(raw);
      if (isLocalData(data)) return { state: data } as StorageValue<LocalData>;
    } catch {
      // reported below
    }
    toast.error('Invalid data format');
    localStorage.removeItem(name);
    return null;
  },
  setItem: (name, value) => {
    try {
      const { cart, wishlist, lastUpdated } = value.state;
      localStorage.setItem(name, JSON.stringify({ cart, wishlist, lastUpdated }));
    } catch {
      toast.error('Failed to save data');
    }
  },
  removeItem: (name) => localStorage.removeItem(name),
};

export const useLocalStore = create<LocalStore>()(
  persist(
    (set, get) => {
      const save = (change: Partial<LocalData>) => set({ ...change, lastUpdated: Date.now() });
      return {
        cart: [],
        wishlist: [],
        lastUpdated: 0,
        addToCart: (line, quantity, stock) => {
          const { cart } = get();
          const existing = cart.find((e) => lineMatches(e, line));
          if (stock !== undefined) {
            const refusal = overLimit(stock, existing?.quantity ?? 0, quantity);
            if (refusal) return refused(refusal);
          }
          if (existing) {
            save({ cart: cart.map((e) => (e === existing ? { ...e, quantity: e.quantity + quantity } : e)) });
            return OK;
          }
          if (cart.length >= LOCAL_LIST_LIMIT) return refused(`Maximum ${LOCAL_LIST_LIMIT} items allowed in cart`);
          save({ cart: [...cart, { ...refOf(line), quantity }] });
          return OK;
        },
        updateCartQuantity: (line, quantity) => {
          const { cart } = get();
          const entry = cart.find((e) => lineMatches(e, line));
          if (!entry) return refused('Item not found in cart');
          save({ cart: quantity <= 0 ? cart.filter((e) => e !== entry) : cart.map((e) => (e === entry ? { ...e, quantity } : e)) });
          return OK;
        },
        removeFromCart: (line) => {
          const { cart } = get();
          const entry = cart.find((e) => lineMatches(e, line));
          if (!entry) return refused('Item not found in cart');
          save({ cart: cart.filter((e) => e !== entry) });
          return OK;
        },
        addToWishlist: (line) => {
          const { wishlist } = get();
          if (wishlist.some((e) => lineMatches(e, line))) return refused('Item already in wishlist');
          if (wishlist.length >= LOCAL_LIST_LIMIT) return refused(`Maximum ${LOCAL_LIST_LIMIT} items allowed in wishlist`);
          save({ wishlist: [...wishlist, refOf(line)] });
          return OK;
        },
        removeFromWishlist: (line) => {
          const { wishlist } = get();
          const entry = wishlist.find((e) => lineMatches(e, line));
          if (!entry) return refused('Item not found');
          save({ wishlist: wishlist.filter((e) => e !== entry) });
          return OK;
        },
        clearCart: () => save({ cart: [] }),
        clear: () => save({ cart: [], wishlist: [] }),
        syncPayload: () => {
          const { cart, wishlist, lastUpdated } = get();
          if (cart.length === 0 && wishlist.length === 0) return { ok: false, message: 'No local data to sync' };
          return { ok: true, data: { cart, wishlist, lastUpdated } };
        },
        forget: (sentCart, sentWishlist) => {
          const cartKeys = new Set(sentCart.map(lineKey));
          const wishlistKeys = new Set(sentWishlist.map(lineKey));
          const { cart, wishlist } = get();
          save({ cart: cart.filter((e) => !cartKeys.has(lineKey(e))), wishlist: wishlist.filter((e) => !wishlistKeys.has(lineKey(e))) });
        },
      };
    },
    { name: LOCAL_STORE_KEY, storage, partialize: ({ cart, wishlist, lastUpdated }) => ({ cart, wishlist, lastUpdated }) },
  ),
);

/** Why a cart holding `inCart` of a product with `stock` left cannot take `adding` more,
 * in the server's words; null when it can. */
export function overLimit(stock: number, inCart: number, adding: number): string | null {
  if (stock <= 0) return 'This product is out of stock';
  if (inCart + adding > MAX_QUANTITY) return `You can have at most ${MAX_QUANTITY} of one item in your cart, and ${inCart} are there already`;
  if (inCart + adding > stock) return inCart > 0 ? `Only ${stock} left in stock, and ${inCart} already in your cart` : `Only ${stock} left in stock`;
  return null;
}

/** The cart count: the sum of quantities (spec §9). */
export const cartCount = (cart: { quantity: number }[]) => cart.reduce((sum, e) => sum + e.quantity, 0);
