// The whole product form: today's fields (product-schema.ts) with the options, variant grid
// and sale unit (variant-schema.ts), and its 'You'll also need' links (docs/DESIGN.md §12).
// With options the variants carry the prices and stock, so the product's own price and stock
// are only checked for a product without options.
import { z } from 'zod/mini';
import type { AdminProduct } from '@/api/types';
import { EMPTY_PRODUCT, isPrice, isStock, PRODUCT_FIELDS, PRODUCT_MESSAGES, productFormValues, productRequest, productSchema } from './product-schema';
import { EMPTY_VARIANT_FORM, variantErrorPath, variantFormProblems, variantFormValues, variantRequestFields } from './variant-schema';
import type { VariantProduct, VariantProductRequest } from './variant-types';

const text = () => z.string();

/** How many products 'You'll also need' may link to one, and what the server says past it. */
export const MAX_RELATED = 12;
export const RELATED_MESSAGES = { tooMany: `At most ${MAX_RELATED} related products` } as const;

/** A linked product as the form lists it: named, and flagged when it has left the shop. */
export interface RelatedLink {
  _id: string;
  name: string;
  archived: boolean;
}
const segments = (path: string) => path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

export const productFormSchema = z
  .object({
    ...productSchema.shape,
    // Checked below: only a product without options has its own.
    price: text(),
    stock: text(),
    options: z.array(z.object({ name: text(), values: text() })),
    variants: z.array(
      z.object({ _id: text(), sku: text(), options: z.record(z.string(), z.string()), price: text(), stock: text(), weightGrams: text(), image: text() }),
    ),
    unit: z.enum(['each', 'm', 'pack']),
    packSize: text(),
    minQuantity: text(),
    quantityStep: text(),
    // The linked products in the shop's order; `related.root` holds a message for the list.
    related: z.array(z.object({ _id: text(), name: text(), archived: z.boolean() })).check(z.maxLength(MAX_RELATED, RELATED_MESSAGES.tooMany)),
  })
  .check(
    z.superRefine((values, ctx) => {
      const problems = variantFormProblems(values);
      if (values.options.length === 0) {
        if (!isPrice(values.price)) problems.price = PRODUCT_MESSAGES.price;
        if (!isStock(values.stock)) problems.stock = PRODUCT_MESSAGES.stock;
      }
      for (const [path, message] of Object.entries(problems)) ctx.issues.push({ code: 'custom', message, path: segments(path), input: values });
    }),
  );

export type ProductFormFields = z.infer<typeof productFormSchema>;

export const EMPTY_PRODUCT_FORM: ProductFormFields = { ...EMPTY_PRODUCT, ...EMPTY_VARIANT_FORM, related: [] };

/** `product`'s linked products, named, in its order (by id alone from a server that names none). */
const relatedLinks = (product: AdminProduct): RelatedLink[] =>
  product.relatedProducts ?? (product.relatedProductIds ?? []).map((_id) => ({ _id, name: _id, archived: false }));

/** The form filled with `product` as the server keeps it. */
export const productFormFields = (product: AdminProduct): ProductFormFields => ({
  ...productFormValues(product),
  ...variantFormValues(product as VariantProduct),
  related: relatedLinks(product).map(({ _id, name, archived }) => ({ _id, name, archived })),
});

/** The checked form as POST/PUT /admin/product take it. With variants the product's own
 * `price` and `stock` are derived by the server and ignored: they are sent as the lowest
 * price and the new rows' starting stock, so the body still has them. The linked products
 * are always sent (an empty list unlinks them all). */
export function productFormRequest(values: ProductFormFields): VariantProductRequest {
  const fields = variantRequestFields(values);
  const base = { ...productRequest({ ...values, price: values.price.trim(), stock: values.stock.trim() }), relatedProductIds: values.related.map((link) => link._id) };
  if (!fields.variants) return { ...base, ...fields };
  const prices = fields.variants.map((variant) => variant.price);
  const stock = fields.variants.reduce((sum, variant) => sum + (variant._id ? 0 : variant.stock), 0);
  return { ...base, ...fields, price: Math.min(...prices), stock };
}

/** Where the form shows the server's error `key`: a field of its own, a row or cell of the
 * variant grid, the linked products' list, or null when the form has nowhere for it (the
 * message above the button says it). */
export const productErrorPath = (key: string): string | null =>
  (PRODUCT_FIELDS as string[]).includes(key) ? key : /^relatedProductIds\b/.test(key) ? 'related.root' : variantErrorPath(key);

/** Every option name of `products`, for the option name suggestions. */
export const optionNamesOf = (products: AdminProduct[]) => products.flatMap((product) => ((product as VariantProduct).options ?? []).map((option) => option.name));
