// The variant grid's pure steps: reading an option's values as typed, every combination of
// the options' values, a suggested SKU for a new row, and 'Generate all combinations', which
// keeps the rows whose values still exist and adds the missing ones (docs/DESIGN.md §9).
import type { ProductOption } from './variant-types';

/** An option as the form holds it: its values typed as a comma-separated list. */
export interface OptionRow {
  name: string;
  values: string;
}

/** A variant as the grid holds it, every number as typed. `_id` is '' for a new row. */
export interface VariantRow {
  _id: string;
  sku: string;
  options: Record<string, string>;
  price: string;
  /** The starting stock of a new row; an existing row's stock moves only by a change. */
  stock: string;
  weightGrams: string;
  /** One of the product's images, or '' for none. */
  image: string;
}

/** The most options a product has. */
export const MAX_OPTIONS = 3;
/** A SKU's longest length. */
export const MAX_SKU_CHARS = 64;
/** Option names the console suggests before any product of the shop has used one. */
export const COMMON_OPTION_NAMES = ['Size', 'Finish', 'Height', 'Width', 'Length', 'Colour'];

/** 'Brass, Chrome ,, Nickel' → ['Brass', 'Chrome', 'Nickel']: each value trimmed, blanks left out. */
export const parseValues = (text: string): string[] =>
  text
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '');

/** The options as the server takes them: names and values trimmed. */
export const productOptions = (rows: OptionRow[]): ProductOption[] => rows.map((row) => ({ name: row.name.trim(), values: parseValues(row.values) }));

const same = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

/** Every combination of one value of each option, the first option varying slowest
 * ('15 mm / Brass', '15 mm / Chrome', '22 mm / Brass', …); one empty combination without options. */
export function combinations(options: ProductOption[]): Record<string, string>[] {
  return options.reduce<Record<string, string>[]>((partial, option) => partial.flatMap((combination) => option.values.map((value) => ({ ...combination, [option.name]: value }))), [{}]);
}

/** The row's value of `option`, matching the option's name and value ignoring case (an
 * option renamed from 'size' to 'Size' keeps its rows), as the option spells it; undefined
 * when the row has none or the option no longer has that value. */
function valueOf(row: Pick<VariantRow, 'options'>, option: ProductOption): string | undefined {
  const key = Object.keys(row.options).find((name) => same(name, option.name));
  const value = key === undefined ? undefined : row.options[key];
  return value === undefined ? undefined : option.values.find((known) => same(known, value));
}

/** The row's options re-spelled as `options` spell them, or null when one is missing. */
export function matchOptions(row: Pick<VariantRow, 'options'>, options: ProductOption[]): Record<string, string> | null {
  const matched: Record<string, string> = {};
  for (const option of options) {
    const value = valueOf(row, option);
    if (value === undefined) return null;
    matched[option.name] = value;
  }
  return matched;
}

/** The key that names a combination, equal for the same values whatever their case. */
export const combinationKey = (options: Record<string, string>, names: string[]) => names.map((name) => (options[name] ?? '').toLocaleLowerCase()).join('\u0000');

/** 'Compression Elbow (15 mm)' → 'COMPRESSION-ELBOW-15MM': upper case, words joined by '-',
 * what a SKU cannot hold dropped. */
const skuPart = (text: string) =>
  text
    .toUpperCase()
    // '15 mm' reads as one word, '15MM'; any other run of what a SKU cannot hold, one '-'.
    .replace(/(\d)\s+(?=[A-Z])/g, '$1')
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** A SKU for a new row, from the product's name and the row's values, not one of `taken`
 * (ignoring case, as the shop's SKUs are unique): 'COMPRESSION-ELBOW-15MM-CHROME', with -2,
 * -3, … when that is taken. The name part is cut to leave the values room within 64. */
export function suggestSku(productName: string, values: string[], taken: Iterable<string>): string {
  const used = new Set([...taken].map((sku) => sku.toUpperCase()));
  const tail = values.map(skuPart).filter(Boolean).join('-');
  const room = Math.max(8, MAX_SKU_CHARS - tail.length - 4);
  const head = skuPart(productName).slice(0, Math.min(24, room)).replace(/-+$/, '');
  const base = ([head, tail].filter(Boolean).join('-') || 'SKU').slice(0, MAX_SKU_CHARS - 4);
  let sku = base;
  for (let n = 2; used.has(sku); n += 1) sku = `${base}-${n}`;
  return sku;
}

/** What a new row starts with. */
export interface NewRowDefaults {
  productName: string;
  price: string;
  weightGrams: string;
}

/** A new row for `options`, with a SKU not among `taken`. */
export const newRow = (options: Record<string, string>, defaults: NewRowDefaults, taken: Iterable<string>): VariantRow => ({
  _id: '',
  sku: suggestSku(defaults.productName, Object.values(options), taken),
  options,
  price: defaults.price,
  stock: '0',
  weightGrams: defaults.weightGrams,
  image: '',
});

/** 'Generate all combinations': one row per combination, in the options' order. A row whose
 * values all still exist keeps its place in that order and everything typed in it (the first,
 * when two name the same values); the missing combinations get new rows. `dropped` are the
 * rows that no longer fit (new rows simply go; existing ones are deleted on save, or archived
 * if an order names them). */
export function generateRows(options: ProductOption[], rows: VariantRow[], defaults: NewRowDefaults): { rows: VariantRow[]; dropped: VariantRow[] } {
  const names = options.map((option) => option.name);
  const kept = new Map<string, VariantRow>();
  const dropped: VariantRow[] = [];
  for (const row of rows) {
    const matched = matchOptions(row, options);
    const key = matched && combinationKey(matched, names);
    if (matched && key !== null && !kept.has(key)) kept.set(key, { ...row, options: matched });
    else dropped.push(row);
  }
  const taken = rows.map((row) => row.sku);
  const next = combinations(options).map((combination) => {
    const existing = kept.get(combinationKey(combination, names));
    if (existing) return existing;
    const row = newRow(combination, defaults, taken);
    taken.push(row.sku);
    return row;
  });
  return { rows: next, dropped };
}

/** 'Size: 22 mm, Finish: Chrome'; '' without options. */
export const optionsLabel = (options: Record<string, string> | null | undefined) =>
  Object.entries(options ?? {})
    .map(([name, value]) => `${name}: ${value}`)
    .join(', ');

/** Option names to suggest: the shop's common ones, then any the console has seen on loaded
 * products, each once (ignoring case), in that order. */
export function optionNameSuggestions(seen: Iterable<string>): string[] {
  const names: string[] = [];
  for (const name of [...COMMON_OPTION_NAMES, ...seen]) {
    const trimmed = name.trim();
    if (trimmed && !names.some((known) => same(known, trimmed))) names.push(trimmed);
  }
  return names;
}
