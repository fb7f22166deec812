// The cart feature's public face for other features (the wishlist moves its entries
// into the cart and keeps its own list through the same seam; checkout empties the cart
// once an order is placed, and sends the promo code applied in the cart).
export { useEmptyCartAfterOrder } from './after-order';
export { type Change, type ListEntry, type ListSource, type ListType, type Outcome, useListSource } from './list-source';
export { usePromoCodeStore } from './promo-code-store';
