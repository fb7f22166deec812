// The fields docs/DESIGN.md §9 adds for variants, sale units and SKUs, written by hand
// beside the generated types (src/api/schema.d.ts) until the server's OpenAPI document
// carries them. The one place to change when it does: each type below becomes the
// generated one (`Product` gains the fields, `Item` and `OrderLine` theirs), and
// `readVariants`' fallback for an answer without variants becomes dead code.
import type { Item, OrderLine, Product, QuoteLine } from '@/api/types';

/** How a product is sold: by the piece, by the whole metre, or in packs of `packSize`. */
export type SaleUnit = 'each' | 'm' | 'pack';

/** One of a product's 0–3 options ('Size': 15 mm, 22 mm, 28 mm), values in the shop's order. */
export interface ProductOption {
  name: string;
  values: string[];
}

/** A variant's value of every product option (`{}` for a product without options). */
export type VariantOptions = Record<string, string>;

/** What is stocked, priced, put in a cart and ordered. */
export interface Variant {
  _id: string;
  sku: string;
  options: VariantOptions;
  price: number;
  discountPercentage: number;
  discountedPrice: number;
  stock: number;
  weightGrams?: number | null;
  /** One of the product's images, or null (the product's first then). */
  image?: string | null;
  position: number;
  archived?: boolean | null;
  /** Only for a signed-in trade customer: the public `discountedPrice`, theirs being
   * `discountedPrice` (docs/DESIGN.md §11). */
  listPrice?: number | null;
  /** The quantity breaks the shopper meets on it, by quantity (§11). */
  priceBreaks: Product['priceBreaks'];
}

/** The lowest and highest `discountedPrice` of a product's variants, present only when they differ. */
export interface PriceRange {
  min: number;
  max: number;
}

/** The product-level fields of §9 that `GET /product/{id}` adds. */
export interface VariantFields {
  options: ProductOption[];
  /** By `position`; archived variants are never present. */
  variants: Variant[];
  unit: SaleUnit;
  /** Pieces in a pack; null unless `unit` is 'pack'. */
  packSize: number | null;
  minQuantity: number;
  quantityStep: number;
  priceRange?: PriceRange;
}

/** A listing card's product: `GET /product` adds `priceRange` when prices differ. */
export type ListedProduct = Product;

/** A product page's product, as `GET /product/{id}` answers it (§9). */
export type ProductDetail = Omit<Product, keyof VariantFields> & VariantFields;

/** A product as any answer carries it: the §9 fields present, absent or null. */
export type AnyProduct = Omit<Product, keyof VariantFields> & { [K in Exclude<keyof VariantFields, 'unit'>]?: VariantFields[K] | null } & { unit?: string | null };

/** The §9 fields a cart or wishlist line, a cart-detail product and a synced item carry. */
export interface LineVariant {
  variantId?: string | null;
  sku?: string | null;
  options?: VariantOptions | null;
}

/** A cart or wishlist line (`GET /user/item`, `POST /user/cart-detail`, `/user/sync`). */
export type VariantItem = Omit<Item, keyof LineVariant> & LineVariant;

/** An order's line: the variant's id, SKU and options as they were when ordered. */
export type VariantOrderLine = Omit<OrderLine, keyof LineVariant> & LineVariant;

/** A quote's line names the variant it priced. */
export type VariantQuoteLine = Omit<QuoteLine, 'variantId'> & { variantId?: string | null };

/** The product with every §9 field present: an answer from a server that predates variants
 * reads as a product with one variant, no options, sold each, one at a time. */
export function readVariants(product: AnyProduct): ProductDetail {
  const variants = product.variants?.length
    ? product.variants
    : [
        {
          _id: product._id,
          sku: '',
          options: {},
          price: product.price,
          discountPercentage: product.discountPercentage,
          discountedPrice: product.discountedPrice,
          stock: product.stock,
          weightGrams: null,
          image: null,
          position: 0,
          listPrice: product.listPrice,
          priceBreaks: product.priceBreaks,
        },
      ];
  return {
    ...product,
    priceRange: product.priceRange ?? undefined,
    options: product.options ?? [],
    variants,
    unit: (['each', 'm', 'pack'].includes(product.unit ?? '') ? product.unit : 'each') as SaleUnit,
    packSize: product.packSize ?? null,
    minQuantity: product.minQuantity ?? 1,
    quantityStep: product.quantityStep ?? 1,
  };
}

/** Whether the server's answer named real variants (not `readVariants`' stand-in): only
 * then is a `variantId` sent. */
export const hasRealVariants = (product: AnyProduct): boolean => (product.variants?.length ?? 0) > 0;

/** Whether a listed product has more than one variant, so a card's 'Add' cannot know which
 * to add and opens the product page's picker instead. The listing tells it by `priceRange`
 * (prices differ) or, where it sends them, by `options` or `variants`. */
export function hasSeveralVariants(product: AnyProduct): boolean {
  return (product.priceRange ?? undefined) !== undefined || (product.options?.length ?? 0) > 0 || (product.variants?.length ?? 0) > 1;
}
