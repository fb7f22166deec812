import { announce } from '@/lib/announce';
import { toast } from '@/lib/toast';
import type { Item } from '@/api/types';
import { type ListSource, type Outcome, useListSource } from './list-source';
import { refOf } from './line-ref';
import { cartCount } from './local-store';

/** How long a guest waits for 'Item Added to Cart' (spec §6, §9). */
export const GUEST_ADD_MESSAGE_DELAY = 1000;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the shopper is told once the cart has taken a product: a guest after a second,
 * a signed-in shopper at once (spec §6, §9). */
const SAY_ADDED: Record<ListSource['where'], () => Promise<void> | void> = {
  browser: async () => {
    await wait(GUEST_ADD_MESSAGE_DELAY);
    toast.info('Item Added to Cart');
  },
  server: () => {
    toast.success('Item added to cart successfully!');
  },
};

/** Shows why a change was refused; a change made says nothing. */
const sayRefusal = (outcome: Outcome) => {
  if (!outcome.ok) toast.error(outcome.message);
};

/** The header's count: the sum of quantities (spec §9). */
export function useCartCount(): number {
  return cartCount(useListSource('cart').entries);
}

/** What Add to Cart needs of a product: with `variantId`, the variant chosen (left out
 * for a product with one variant) and `stock` that variant's. */
export interface ProductToAdd {
  _id: string;
  variantId?: string;
  name: string;
  stock: number;
}

/** Adds to the cart and says so: in the page's live region at once ('Added 2 × Copper
 * elbow to your cart', docs/DESIGN.md §15), in the spec's toast as the spec times it.
 * Resolves when done. */
export function useAddToCart() {
  const cart = useListSource('cart');
  return async (product: ProductToAdd, quantity: number) => {
    const outcome = await cart.add(refOf({ productId: product._id, variantId: product.variantId }), quantity, product.stock);
    if (outcome.ok) {
      announce(`Added ${quantity} × ${product.name} to your cart`);
      await SAY_ADDED[cart.where]();
    } else {
      announce(`${product.name} was not added to your cart: ${outcome.message}`);
      toast.error(outcome.message);
    }
    await cart.refresh();
  };
}

/** The cart page's state: its lines with current details, and the changes it makes.
 * Changes show at once (docs/DESIGN.md §5). */
export function useCart() {
  const cart = useListSource('cart', { withDetails: true });
  return {
    lines: cart.items,
    isLoading: cart.isLoading,
    error: cart.items.length === 0 ? cart.error : null,
    retry: cart.retry,
    setQuantity: (item: Item, quantity: number) => {
      // The stepper never goes below 1 (spec §4).
      if (quantity < 1 || quantity === item.quantity) return;
      cart.change({ type: 'quantity', line: refOf(item), quantity }, sayRefusal);
    },
    remove: (item: Item) => cart.change({ type: 'remove', line: refOf(item) }, sayRefusal),
  };
}
