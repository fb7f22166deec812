// The product form: every field as typed (inputs give text), checked by the server's own
// rules and messages (http/catalogue/form.rs `check_fields`), then turned into the
// request body. The server checks again and its `errors` land on the same fields.
import { z } from 'zod/mini';
import type { AdminProduct, ProductRequest } from '@/api/types';
import { MAX_DESCRIPTION_CHARS, MAX_DISCOUNT_PERCENT as MAX_DISCOUNT, MAX_LABEL_CHARS, MAX_NAME_CHARS, MAX_PRICE, MAX_STOCK, MIN_PRICE } from '@/lib/rules';

/** The messages the server gives for each rule. */
export const PRODUCT_MESSAGES = {
  name: 'Name is required',
  nameTooLong: `Name must be at most ${MAX_NAME_CHARS} characters`,
  description: 'Description is required',
  descriptionTooLong: `Description must be at most ${MAX_DESCRIPTION_CHARS} characters`,
  price: `Price must be from ${MIN_PRICE} to ${MAX_PRICE}, with at most two decimals`,
  discountPercentage: `Discount must be from 0 to ${MAX_DISCOUNT} percent, with at most two decimals`,
  discountEndDate: 'Discount end date must be a date like 2026-12-31',
  stock: `Stock must be a whole number from 0 to ${MAX_STOCK}`,
  categoryId: 'Choose a category',
  subCategoryId: 'Choose a sub-category',
  label: `At most ${MAX_LABEL_CHARS} characters`,
  taxClass: 'The tax class must be standard, reduced or zero',
} as const;

/** The shop's tax classes (docs/DESIGN.md §10), each with the words the form shows. */
export const TAX_CLASSES = [
  ['standard', 'Standard rate'],
  ['reduced', 'Reduced rate'],
  ['zero', 'Zero rate'],
] as const;
export type TaxClass = (typeof TAX_CLASSES)[number][0];

/** A decimal as typed, with at most two decimals: `12`, `12.5`, `12.50`. */
const TWO_DECIMALS = /^\d+(\.\d{1,2})?$/;
const WHOLE = /^\d+$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const decimalIn = (min: number, max: number) => (text: string) => TWO_DECIMALS.test(text) && Number(text) >= min && Number(text) <= max;

/** A real calendar day, `YYYY-MM-DD` (2026-02-30 is not one). */
function isDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

/** A list price as the server takes it, to the cent (a variant's price keeps the same rule). */
export const isPrice = (text: string) => decimalIn(MIN_PRICE, MAX_PRICE)(text.trim());
/** A number of units in stock: a whole number up to the most the shop holds. */
export const isStock = (text: string) => WHOLE.test(text.trim()) && Number(text) <= MAX_STOCK;

const shortLabel = () => z.string().check(z.trim(), z.maxLength(MAX_LABEL_CHARS, PRODUCT_MESSAGES.label));

export const productSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, PRODUCT_MESSAGES.name), z.maxLength(MAX_NAME_CHARS, PRODUCT_MESSAGES.nameTooLong)),
  description: z
    .string()
    .check(z.trim(), z.minLength(1, PRODUCT_MESSAGES.description), z.maxLength(MAX_DESCRIPTION_CHARS, PRODUCT_MESSAGES.descriptionTooLong)),
  price: z.string().check(z.trim(), z.refine(isPrice, PRODUCT_MESSAGES.price)),
  // Empty reads as no discount.
  discountPercentage: z.string().check(z.trim(), z.refine((text) => text === '' || decimalIn(0, MAX_DISCOUNT)(text), PRODUCT_MESSAGES.discountPercentage)),
  discountEndDate: z.string().check(z.trim(), z.refine((text) => text === '' || isDay(text), PRODUCT_MESSAGES.discountEndDate)),
  stock: z.string().check(z.trim(), z.refine(isStock, PRODUCT_MESSAGES.stock)),
  categoryId: z.string().check(z.minLength(1, PRODUCT_MESSAGES.categoryId)),
  subCategoryId: z.string().check(z.minLength(1, PRODUCT_MESSAGES.subCategoryId)),
  size: shortLabel(),
  color: shortLabel(),
  featured: z.boolean(),
  taxClass: z.enum(['standard', 'reduced', 'zero'], PRODUCT_MESSAGES.taxClass),
});

export type ProductFormValues = z.infer<typeof productSchema>;

/** The form's fields, as the server names them in `errors`. */
export const PRODUCT_FIELDS = Object.keys(productSchema.shape) as (keyof ProductFormValues)[];

export const EMPTY_PRODUCT: ProductFormValues = {
  name: '',
  description: '',
  price: '',
  discountPercentage: '0',
  discountEndDate: '',
  stock: '0',
  categoryId: '',
  subCategoryId: '',
  size: '',
  color: '',
  featured: false,
  taxClass: 'standard',
};

/** The form filled with `product` as it is set (the discount as set, even once ended). */
export const productFormValues = (product: AdminProduct): ProductFormValues => ({
  name: product.name,
  description: product.description,
  price: String(product.price),
  discountPercentage: String(product.setDiscountPercentage),
  discountEndDate: product.setDiscountEndDate ?? '',
  stock: String(product.stock),
  categoryId: product.category._id,
  subCategoryId: product.subCategory._id,
  size: product.size ?? '',
  color: product.color ?? '',
  featured: product.featured,
  taxClass: (TAX_CLASSES.find(([value]) => value === product.taxClass)?.[0] ?? 'standard') as TaxClass,
});

/** The checked form as the server takes it: numbers as numbers, empty text as null. */
export const productRequest = (values: ProductFormValues): ProductRequest => ({
  name: values.name,
  description: values.description,
  price: Number(values.price),
  discountPercentage: values.discountPercentage === '' ? 0 : Number(values.discountPercentage),
  discountEndDate: values.discountEndDate || null,
  stock: Number(values.stock),
  categoryId: values.categoryId,
  subCategoryId: values.subCategoryId,
  size: values.size || null,
  color: values.color || null,
  featured: values.featured,
  taxClass: values.taxClass,
});
