// Which line of a cart or wishlist a change is for (docs/DESIGN.md §9): one line per
// variant. A line or a request may name no variant: the browser's entries from before
// variants, and a card's 'Add' or heart for a product with one variant.

/** What the cart, wishlist, quote and order calls take for one line: `variantId` may be
 * left out only for a product with one variant. */
export interface LineRef {
  productId: string;
  variantId?: string;
}

/** Whether `line` is the line `ref` names: the same product, and the same variant when
 * both name one (a side naming none is the product's one variant). */
export const lineMatches = (line: { productId: string; variantId?: string | null }, ref: LineRef): boolean =>
  line.productId === ref.productId && (!ref.variantId || !line.variantId || line.variantId === ref.variantId);

/** Just the reference of a line or item, without `variantId` when it names none. */
export const refOf = ({ productId, variantId }: { productId: string; variantId?: string | null }): LineRef => (variantId ? { productId, variantId } : { productId });

/** A line's key, one per variant: for React lists and the guest details' cache. */
export const lineKey = ({ productId, variantId }: { productId: string; variantId?: string | null }): string => (variantId ? `${productId}:${variantId}` : productId);
