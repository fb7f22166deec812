// The cart's bounds on one product's quantity, apart from the quantity control
// (components/ui/quantity-selector.tsx): the browser's cart store, loaded with every page,
// needs the bound, and the control only the pages with a quantity to choose.

import { MAX_QUANTITY } from './rules';

/** The most of one product a shopper can choose (spec §5, §9): the server's rule. */
export { MAX_QUANTITY };

/** The most of a product with `stock` units a shopper can choose, and what is said above
 * it, in the cart's words (spec §9: 'Only N left in stock', 'This product is out of
 * stock'). */
export function stockLimit(stock: number): { max: number; tooMany?: string } {
  if (stock <= 0) return { max: 1, tooMany: 'This product is out of stock' };
  if (stock < MAX_QUANTITY) return { max: stock, tooMany: `Only ${stock} left in stock` };
  return { max: MAX_QUANTITY };
}
