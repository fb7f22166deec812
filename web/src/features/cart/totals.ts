// The cart's Order Summary (spec §9), computed in one place for the cart and checkout.

import { DELIVERY_FEE, ORDER_DISCOUNT_PERCENT } from '@/lib/rules';
import type { TaxAmount } from '@/lib/tax';

/** The fixed discount on the subtotal; a promo code's comes on top, worked out by the server. */
export const CART_DISCOUNT_PERCENT = ORDER_DISCOUNT_PERCENT;
/** Charged when the cart has items. */
export { DELIVERY_FEE };

export interface Totals {
  subtotal: number;
  discount: number;
  /** What a promo code takes off after the discount: the server's figure (0 without one). */
  promoDiscount: number;
  deliveryFee: number;
  total: number;
  /** The server's tax per rate (the checkout's quote); the cart's own figures have none. */
  taxes?: TaxAmount[];
  pricesIncludeTax?: boolean;
}

/** Subtotal of unit price × quantity, the 20 % discount, the delivery fee (100 when
 * there are items), and total = subtotal − discount + delivery. Worked in cents, so
 * the figures add up to the cent as shown. */
export function cartTotals(lines: { unitPrice: number; quantity: number }[]): Totals {
  const cents = (amount: number) => Math.round(amount * 100);
  const subtotal = lines.reduce((sum, line) => sum + cents(line.unitPrice) * line.quantity, 0);
  const discount = Math.round((subtotal * CART_DISCOUNT_PERCENT) / 100);
  const deliveryFee = lines.length > 0 ? cents(DELIVERY_FEE) : 0;
  return {
    subtotal: subtotal / 100,
    discount: discount / 100,
    promoDiscount: 0,
    deliveryFee: deliveryFee / 100,
    total: (subtotal - discount + deliveryFee) / 100,
  };
}
