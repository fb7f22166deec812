// The product form's options, variants and sale unit: checked by the rules of docs/DESIGN.md
// §9 before anything is sent, turned into the request's fields, and the server's `errors`
// (`variants.2.sku`, `options.0.values`, `minQuantity`, …) led back to the row and cell
// they name. The server checks again; its messages win where they differ.
import { MAX_STOCK } from '@/lib/rules';
import { isPrice, isStock, PRODUCT_MESSAGES } from './product-schema';
import { combinationKey, MAX_OPTIONS, MAX_SKU_CHARS, matchOptions, type OptionRow, parseValues, productOptions, type VariantRow } from './variant-grid';
import type { AdminVariant, SaleUnit, VariantProduct, VariantRequest } from './variant-types';

/** The most values an option has, and the longest a value (or an option's name) may be. */
export const MAX_OPTION_VALUES = 50;
export const MAX_OPTION_VALUE_CHARS = 40;
/** The heaviest a variant may be, in grams (a tonne: far above any parcel). */
export const MAX_WEIGHT_GRAMS = 1_000_000;

/** 1–64 of A–Z a–z 0–9 - _ . / */
export const SKU_PATTERN = /^[A-Za-z0-9\-_./]{1,64}$/;

export const SALE_UNITS: { value: SaleUnit; label: string }[] = [
  { value: 'each', label: 'Each (one piece)' },
  { value: 'm', label: 'By the metre (whole metres)' },
  { value: 'pack', label: 'In packs' },
];

export const VARIANT_MESSAGES = {
  tooManyOptions: `A product has at most ${MAX_OPTIONS} options`,
  optionName: 'Name the option',
  optionNameTooLong: `An option's name is at most ${MAX_OPTION_VALUE_CHARS} characters`,
  optionNameTaken: 'Another option has this name',
  optionValues: `Give 1 to ${MAX_OPTION_VALUES} values, separated by commas`,
  optionValueTooLong: `Each value is at most ${MAX_OPTION_VALUE_CHARS} characters`,
  optionValueTwice: 'Each value once',
  noVariants: 'Add a variant, or generate all combinations',
  sku: `SKU: 1 to ${MAX_SKU_CHARS} of A-Z, a-z, 0-9 and - _ . /`,
  skuTwice: 'Another variant has this SKU',
  rowOptions: 'Choose a value of every option',
  rowTwice: 'Another variant has these values',
  weightGrams: `Weight: a whole number of grams, at most ${MAX_WEIGHT_GRAMS}`,
  packSize: 'A pack holds a whole number of at least 2 pieces',
  minQuantity: 'The minimum is a whole number from 1',
  quantityStep: 'The step is a whole number from 1',
  notAMultiple: (step: number) => `The minimum must be a multiple of the step (${step})`,
} as const;

/** The form's fields for options, variants and the sale unit, every number as typed. */
export interface VariantFormValues {
  options: OptionRow[];
  variants: VariantRow[];
  unit: SaleUnit;
  packSize: string;
  minQuantity: string;
  quantityStep: string;
}

export const EMPTY_VARIANT_FORM: VariantFormValues = { options: [], variants: [], unit: 'each', packSize: '', minQuantity: '1', quantityStep: '1' };

const WHOLE = /^\d+$/;
const whole = (text: string, min: number, max = MAX_STOCK) => WHOLE.test(text.trim()) && Number(text) >= min && Number(text) <= max;
const same = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

function optionProblems(options: OptionRow[], problems: Record<string, string>) {
  if (options.length > MAX_OPTIONS) problems['options.root'] = VARIANT_MESSAGES.tooManyOptions;
  options.forEach((option, i) => {
    const name = option.name.trim();
    if (!name) problems[`options.${i}.name`] = VARIANT_MESSAGES.optionName;
    else if (name.length > MAX_OPTION_VALUE_CHARS) problems[`options.${i}.name`] = VARIANT_MESSAGES.optionNameTooLong;
    else if (options.slice(0, i).some((other) => same(other.name.trim(), name))) problems[`options.${i}.name`] = VARIANT_MESSAGES.optionNameTaken;
    const values = parseValues(option.values);
    if (values.length === 0 || values.length > MAX_OPTION_VALUES) problems[`options.${i}.values`] = VARIANT_MESSAGES.optionValues;
    else if (values.some((value) => value.length > MAX_OPTION_VALUE_CHARS)) problems[`options.${i}.values`] = VARIANT_MESSAGES.optionValueTooLong;
    else if (values.some((value, j) => values.slice(0, j).some((other) => same(other, value)))) problems[`options.${i}.values`] = VARIANT_MESSAGES.optionValueTwice;
  });
}

function rowProblems(values: VariantFormValues, problems: Record<string, string>) {
  const options = productOptions(values.options);
  const names = options.map((option) => option.name);
  if (values.variants.length === 0) problems['variants.root'] = VARIANT_MESSAGES.noVariants;
  const skus: string[] = [];
  const combos: string[] = [];
  values.variants.forEach((row, i) => {
    const sku = row.sku.trim();
    if (!SKU_PATTERN.test(sku)) problems[`variants.${i}.sku`] = VARIANT_MESSAGES.sku;
    else if (skus.some((other) => same(other, sku))) problems[`variants.${i}.sku`] = VARIANT_MESSAGES.skuTwice;
    skus.push(sku);
    const matched = matchOptions(row, options);
    if (!matched) problems[`variants.${i}.options`] = VARIANT_MESSAGES.rowOptions;
    else {
      const key = combinationKey(matched, names);
      if (combos.includes(key)) problems[`variants.${i}.options`] = VARIANT_MESSAGES.rowTwice;
      combos.push(key);
    }
    if (!isPrice(row.price)) problems[`variants.${i}.price`] = PRODUCT_MESSAGES.price;
    if (!row._id && !isStock(row.stock)) problems[`variants.${i}.stock`] = PRODUCT_MESSAGES.stock;
    if (row.weightGrams.trim() !== '' && !whole(row.weightGrams, 0, MAX_WEIGHT_GRAMS)) problems[`variants.${i}.weightGrams`] = VARIANT_MESSAGES.weightGrams;
  });
}

function saleUnitProblems(values: VariantFormValues, problems: Record<string, string>) {
  if (values.unit === 'pack' && !whole(values.packSize, 2)) problems.packSize = VARIANT_MESSAGES.packSize;
  const minOk = whole(values.minQuantity, 1);
  const stepOk = whole(values.quantityStep, 1);
  if (!minOk) problems.minQuantity = VARIANT_MESSAGES.minQuantity;
  if (!stepOk) problems.quantityStep = VARIANT_MESSAGES.quantityStep;
  if (minOk && stepOk && Number(values.minQuantity) % Number(values.quantityStep) !== 0) problems.minQuantity = VARIANT_MESSAGES.notAMultiple(Number(values.quantityStep));
}

/** What breaks a rule, by the form's dotted path ('options.1.values', 'variants.2.sku',
 * 'variants.root' for the list as a whole); empty when nothing does. The variant grid is
 * only checked when the product has options: without, the product's own price holds. */
export function variantFormProblems(values: VariantFormValues): Record<string, string> {
  const problems: Record<string, string> = {};
  optionProblems(values.options, problems);
  if (values.options.length > 0) rowProblems(values, problems);
  saleUnitProblems(values, problems);
  return problems;
}

const rowOf = (variant: AdminVariant): VariantRow => ({
  _id: variant._id,
  sku: variant.sku,
  options: { ...variant.options },
  price: String(variant.price),
  stock: String(variant.stock),
  weightGrams: variant.weightGrams == null ? '' : String(variant.weightGrams),
  image: variant.image ?? '',
});

/** The variants in the grid's order: by position, archived ones left out (they stay as they are). */
export const liveVariants = (product: VariantProduct): AdminVariant[] =>
  [...(product.variants ?? [])].filter((variant) => !variant.archived).sort((a, b) => a.position - b.position);

/** The form filled with the product's options, variants and sale unit as the server keeps
 * them. A product without options has no grid: its one variant is the product's own fields. */
export function variantFormValues(product: VariantProduct): VariantFormValues {
  const options = product.options ?? [];
  return {
    options: options.map((option) => ({ name: option.name, values: option.values.join(', ') })),
    variants: options.length > 0 ? liveVariants(product).map(rowOf) : [],
    unit: product.unit ?? 'each',
    packSize: product.packSize == null ? '' : String(product.packSize),
    minQuantity: String(product.minQuantity ?? 1),
    quantityStep: String(product.quantityStep ?? 1),
  };
}

/** The request's variant fields for checked `values`. With options, `variants` lists every
 * row in the grid's order (`position` 0, 1, …), each new one with its starting stock; an
 * existing variant left out is deleted by the server, or archived if an order names it.
 * Without options `variants` is left out, and the product's own price and stock stand. */
export function variantRequestFields(values: VariantFormValues) {
  const options = productOptions(values.options);
  const variants: VariantRequest[] | undefined =
    options.length === 0
      ? undefined
      : values.variants.map((row, position) => ({
          ...(row._id ? { _id: row._id } : {}),
          sku: row.sku.trim(),
          options: matchOptions(row, options) ?? row.options,
          price: Number(row.price),
          stock: Number(row.stock),
          weightGrams: row.weightGrams.trim() === '' ? null : Number(row.weightGrams),
          image: row.image || null,
          position,
        }));
  return {
    options,
    ...(variants ? { variants } : {}),
    unit: values.unit,
    packSize: values.unit === 'pack' ? Number(values.packSize) : null,
    minQuantity: Number(values.minQuantity),
    quantityStep: Number(values.quantityStep),
  };
}

/** The grid's cells a server error can name. */
const ROW_FIELDS = ['sku', 'price', 'stock', 'weightGrams', 'image', 'options'];
const TOP_FIELDS = ['unit', 'packSize', 'minQuantity', 'quantityStep'];

/** Where the form shows the server's error `key` ('variants.2.sku', 'variants[2].sku'):
 * a cell of a row, or the row itself ('variants.2.options') for any other part of it; an
 * option's name or values; the options or variants as a whole; a sale unit field. Null for a
 * key the variant part of the form does not hold. */
export function variantErrorPath(key: string): string | null {
  const path = key.replace(/\[(\d+)\]/g, '.$1');
  const row = /^variants\.(\d+)(?:\.([^.]+))?/.exec(path);
  if (row) return `variants.${row[1]}.${row[2] && ROW_FIELDS.includes(row[2]) ? row[2] : 'options'}`;
  const option = /^options\.(\d+)(?:\.([^.]+))?/.exec(path);
  if (option) return `options.${option[1]}.${option[2] === 'name' ? 'name' : 'values'}`;
  if (path === 'variants' || path === 'options') return `${path}.root`;
  return TOP_FIELDS.includes(path) ? path : null;
}
