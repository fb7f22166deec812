// The server's product, cart and totals rules, from `src/api/rules.json`, which a server
// test writes from the constants it checks (server/src/domain/rules.rs) and which fails
// when the committed file is stale. The storefront and the console take these numbers from
// here, never as copies, so a rule changed on the server reaches every form and message.
import rules from '@/api/rules.json';

/** A product's name: 1 to this many characters once trimmed. */
export const MAX_NAME_CHARS: number = rules.product.maxNameChars;
/** A product's description: 1 to this many characters once trimmed. */
export const MAX_DESCRIPTION_CHARS: number = rules.product.maxDescriptionChars;
/** A product's size or colour: at most this many characters. */
export const MAX_LABEL_CHARS: number = rules.product.maxLabelChars;
/** The lowest list price. */
export const MIN_PRICE: number = rules.product.minPrice;
/** The highest list price. */
export const MAX_PRICE: number = rules.product.maxPrice;
/** The largest discount, in percent. */
export const MAX_DISCOUNT_PERCENT: number = rules.product.maxDiscountPercent;
/** The most units a product holds, and the most one stock change moves either way. */
export const MAX_STOCK: number = rules.product.maxStock;
/** A stock change's reason: at most this many characters. */
export const MAX_STOCK_REASON_CHARS: number = rules.product.maxStockReasonChars;
/** Below this many units (and above none) a product is low on stock. */
export const LOW_STOCK: number = rules.product.lowStock;
/** The most photos a product shows. */
export const MAX_PHOTOS: number = rules.product.maxPhotos;

/** The most products one bulk change names. */
export const MAX_BULK: number = rules.bulk.maxProducts;
/** A bulk price change's range, in percent (0 is refused). */
export const MIN_PRICE_CHANGE_PERCENT: number = rules.bulk.minPriceChangePercent;
export const MAX_PRICE_CHANGE_PERCENT: number = rules.bulk.maxPriceChangePercent;

/** The most entries in a cart or a wishlist. */
export const MAX_LIST_ITEMS: number = rules.cart.maxItems;
/** The most of one product in a cart. */
export const MAX_QUANTITY: number = rules.cart.maxQuantity;

/** The shop's fixed discount on the goods, in percent. */
export const ORDER_DISCOUNT_PERCENT: number = rules.totals.discountPercent;
/** The default delivery method of a fresh shop charges this (docs/DESIGN.md §10); pickup is free. */
export const DELIVERY_FEE: number = rules.totals.deliveryFee;

/** A checkout's postcode: at most this many characters. */
export const MAX_POSTCODE_CHARS: number = rules.delivery.maxPostcodeChars;
/** A delivery method's name and description: at most this many characters. */
export const MAX_METHOD_NAME_CHARS: number = rules.delivery.maxMethodNameChars;
export const MAX_METHOD_DESCRIPTION_CHARS: number = rules.delivery.maxMethodDescriptionChars;
/** A postcode prefix: 1 to this many letters or digits. */
export const MAX_PREFIX_CHARS: number = rules.delivery.maxPrefixChars;
/** A delivery method's weight bands: 1 to this many. */
export const MAX_BANDS: number = rules.delivery.maxBands;
/** How far down the checkout's list a method may be put. */
export const MAX_METHOD_POSITION: number = rules.delivery.maxPosition;
/** The heaviest band's limit, in grams. */
export const MAX_WEIGHT_GRAMS: number = rules.delivery.maxWeightGrams;

/** Every ISO 3166-1 country code the shop knows, in order. */
export const COUNTRY_CODES: readonly string[] = rules.countries;
