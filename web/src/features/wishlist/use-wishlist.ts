import { toast } from '@/lib/toast';
import type { Item } from '@/api/types';
import { lineMatches, refOf, useListSource } from '@/features/cart';

/** The header's wishlist count: the number of entries (spec §9). */
export function useWishlistCount(): number {
  return useListSource('wishlist').entries.length;
}

/** Whether products are on the wishlist, and the heart that adds or removes one. The
 * heart flips at once and flips back if the server refuses (spec §4). With a `variantId`
 * (the product page's chosen variant) it is that variant's line; without, a card's heart,
 * any line of the product (docs/DESIGN.md §9: one line per variant). */
export function useWishlistHeart() {
  const wishlist = useListSource('wishlist');
  const has = (productId: string, variantId?: string) => wishlist.entries.some((entry) => lineMatches(entry, refOf({ productId, variantId })));

  const toggle = (productId: string, variantId?: string) => {
    // One change at a time: a second click waits for the first answer.
    if (wishlist.changing) return;
    const adding = !has(productId, variantId);
    wishlist.change({ type: adding ? 'add' : 'remove', line: refOf({ productId, variantId }) }, (outcome) => {
      if (outcome.ok) toast.success(adding ? 'Added to wishlist' : 'Removed from wishlist');
      else toast.error(outcome.message);
    });
  };

  return { has, toggle };
}

/** The wishlist page's state: entries with current details, removal, and 'Move All To Bag'. */
export function useWishlist() {
  const wishlist = useListSource('wishlist', { withDetails: true });
  const cart = useListSource('cart');
  const { items } = wishlist;
  const refresh = () => Promise.all([wishlist.refresh(), cart.refresh()]);

  /** Removes one entry; resolves once the list is refreshed. */
  const remove = async (item: Item) => {
    const outcome = await wishlist.remove(refOf(item));
    if (outcome.ok) toast.success(`${item.name} has been removed from your wishlist.`);
    else toast.error(outcome.message);
    await refresh();
  };

  /** Moves every in-stock entry into the cart (one of each) and off the wishlist.
   * An entry the cart refuses (say, it already holds all the stock) stays. */
  const moveAllToBag = async () => {
    const movable = items.filter((item) => item.stock > 0);
    let moved = 0;
    const refusals: string[] = [];
    for (const item of movable) {
      const added = await cart.add(refOf(item), 1, item.stock);
      const outcome = added.ok ? await wishlist.remove(refOf(item)) : added;
      if (outcome.ok) moved += 1;
      else refusals.push(`${item.name}: ${outcome.message}`);
    }
    await refresh();
    if (moved > 0) toast.success(`Moved ${moved} ${moved === 1 ? 'item' : 'items'} to your cart`);
    const outOfStock = items.length - movable.length;
    if (outOfStock > 0) toast.info(`${outOfStock} out-of-stock ${outOfStock === 1 ? 'item stays' : 'items stay'} on your wishlist`);
    if (refusals.length > 0) toast.error(refusals[0]);
  };

  return {
    items,
    isLoading: wishlist.isLoading,
    error: items.length === 0 ? wishlist.error : null,
    remove,
    moveAllToBag,
  };
}
