// The whole product form: today's fields (product-schema.ts) with the options, variant grid
// and sale unit (variant-schema.ts). With options the variants carry the prices and stock,
// so the product's own price and stock are only checked for a product without options.
import { z } from 'zod/mini';
import type { AdminProduct } from '@/api/types';
import { EMPTY_PRODUCT, isPrice, isStock, PRODUCT_FIELDS, PRODUCT_MESSAGES, productFormValues, productRequest, productSchema } from './product-schema';
import { EMPTY_VARIANT_FORM, variantErrorPath, variantFormProblems, variantFormValues, variantRequestFields } from './variant-schema';
import type { VariantProduct, VariantProductRequest } from './variant-types';

const text = () => z.string();
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

export const EMPTY_PRODUCT_FORM: ProductFormFields = { ...EMPTY_PRODUCT, ...EMPTY_VARIANT_FORM };

/** The form filled with `product` as the server keeps it. */
export const productFormFields = (product: AdminProduct): ProductFormFields => ({ ...productFormValues(product), ...variantFormValues(product as VariantProduct) });

/** The checked form as POST/PUT /admin/product take it. With variants the product's own
 * `price` and `stock` are derived by the server and ignored: they are sent as the lowest
 * price and the new rows' starting stock, so the body still has them. */
export function productFormRequest(values: ProductFormFields): VariantProductRequest {
  const fields = variantRequestFields(values);
  const base = productRequest({ ...values, price: values.price.trim(), stock: values.stock.trim() });
  if (!fields.variants) return { ...base, ...fields };
  const prices = fields.variants.map((variant) => variant.price);
  const stock = fields.variants.reduce((sum, variant) => sum + (variant._id ? 0 : variant.stock), 0);
  return { ...base, ...fields, price: Math.min(...prices), stock };
}

/** Where the form shows the server's error `key`: a field of its own, a row or cell of the
 * variant grid, or null when the form has nowhere for it (the message above the button says it). */
export const productErrorPath = (key: string): string | null => ((PRODUCT_FIELDS as string[]).includes(key) ? key : variantErrorPath(key));

/** Every option name of `products`, for the option name suggestions. */
export const optionNamesOf = (products: AdminProduct[]) => products.flatMap((product) => ((product as VariantProduct).options ?? []).map((option) => option.name));
