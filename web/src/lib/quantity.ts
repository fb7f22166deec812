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

/** How a product is sold (docs/DESIGN.md §9): the least a line may hold and the step its
 * quantity moves by. */
export interface SaleRules {
  minQuantity: number;
  quantityStep: number;
}

/** The quantity control's bounds for a variant with `stock` left, sold by `rules`: from
 * `minQuantity`, one `quantityStep` at a time, up to the most a cart takes that is a
 * multiple of the step. When the stock (or the cart's cap) cannot reach the least a line
 * may hold, the control stays at the least and says why above it. */
export function saleLimit(stock: number, { minQuantity, quantityStep }: SaleRules): { min: number; max: number; step: number; tooMany?: string } {
  const min = Math.max(1, minQuantity);
  const step = Math.max(1, quantityStep);
  const { max: stockMax, tooMany } = stockLimit(stock);
  const onStep = Math.floor(stockMax / step) * step;
  if (stock <= 0 || onStep < min) return { min, max: min, step, tooMany: tooMany ?? `Only ${stock} left in stock` };
  return { min, max: onStep, step, ...(tooMany && { tooMany }) };
}

/** The first quantity a product page offers: the least a line may hold. */
export const firstQuantity = ({ minQuantity }: SaleRules): number => Math.max(1, minQuantity);

/** What a price is for, after it, when it is not one piece: 'per metre', or 'Pack of 10
 * ($2.10 each)' with the price of one piece in `format`, the page's currency reading.
 * Null for a product sold each. */
export function saleUnitText(unit: 'each' | 'm' | 'pack', packSize: number | null, price: number, format: (amount: number) => string): string | null {
  if (unit === 'm') return 'per metre';
  if (unit === 'pack' && packSize && packSize >= 2) return `Pack of ${packSize} (${format(price / packSize)} each)`;
  return null;
}
