// The variants' fields of docs/DESIGN.md §9 as the console reads and sends them, written by
// hand until the server's OpenAPI document carries them: each type extends the generated one
// it grows, so when schema.d.ts is regenerated these can be swapped for the generated names
// (and this file deleted). Fields the server may not send yet are optional here, and read
// with their defaults (no options, one variant, sold each, from 1 in steps of 1).
import type { AdminProduct, ProductRequest, StockEntry, StockProduct } from '@/api/types';

/** How a product is sold: each, by the whole metre, or in packs of `packSize` pieces. */
export type SaleUnit = 'each' | 'm' | 'pack';

/** One option of a product ('Size': 15 mm, 22 mm, 28 mm). */
export interface ProductOption {
  name: string;
  values: string[];
}

/** A variant as GET /admin/product/{id} gives it: what is stocked, priced and ordered. */
export interface AdminVariant {
  _id: string;
  sku: string;
  /** One value of every product option, by option name; `{}` for a product without options. */
  options: Record<string, string>;
  price: number;
  discountPercentage: number;
  discountedPrice: number;
  stock: number;
  weightGrams?: number | null;
  /** One of the product's images, or null. */
  image?: string | null;
  position: number;
  /** Left out of a save after an order named it: gone from the shop, its SKU still taken. */
  archived?: boolean | null;
}

/** `{min, max}` of the variants' `discountedPrice`, present only when they differ. */
export interface PriceRange {
  min: number;
  max: number;
}

/** The product as the console loads it, with its options, variants and sale unit. */
export type VariantProduct = AdminProduct & {
  options?: ProductOption[];
  variants?: AdminVariant[];
  priceRange?: PriceRange | null;
  unit?: SaleUnit;
  packSize?: number | null;
  minQuantity?: number;
  quantityStep?: number;
};

/** A variant as POST/PUT /admin/product take it: `_id` names an existing one (whose `stock`
 * a PUT ignores); without it the variant is new and `stock` is its starting stock. */
export interface VariantRequest {
  _id?: string;
  sku: string;
  options: Record<string, string>;
  price: number;
  stock: number;
  weightGrams: number | null;
  image: string | null;
  position: number;
}

/** The product form's body: today's fields, plus options, variants (when there are options:
 * the product's own price and stock are then derived and ignored) and the sale unit. */
export type VariantProductRequest = ProductRequest & {
  options: ProductOption[];
  variants?: VariantRequest[];
  unit: SaleUnit;
  packSize: number | null;
  minQuantity: number;
  quantityStep: number;
};

/** A stock history entry, naming the variant moved when the product has several. */
export type VariantStockEntry = StockEntry & { sku?: string | null };

/** A dashboard stock entry, naming the variant when the product has several. */
export type VariantStockProduct = StockProduct & { sku?: string | null; options?: Record<string, string> | null };
