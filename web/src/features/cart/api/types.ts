// The two lists a shopper keeps, as the cart and wishlist calls name them (spec §7).
export type ListType = 'cart' | 'wishlist';
