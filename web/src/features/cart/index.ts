// The cart feature's public face for other features (the wishlist moves its entries
// into the cart and keeps its own list through the same seam; checkout empties the cart
// once an order is placed). The wishlist's hearts are on every page with a product card,
// and what this face names loads with them: the promo code's store, which only the cart
// and checkout pages use, lives with checkout's quote instead.
export { useEmptyCartAfterOrder } from './after-order';
export { type Change, type LineRef, type ListEntry, type ListSource, type ListType, type Outcome, useListSource } from './list-source';
export { lineKey, lineMatches, refOf } from './line-ref';
