// The trade area's forms: deciding an application, a customer group, a group's prices and a
// variant's quantity breaks. Each field is checked by the server's own rules and messages
// (domain/trade.rs, domain/price_resolver.rs), and when the server still refuses, its
// `errors` keys (`categoryDiscounts[1].percent`, `breaks[2].price`) name the form's fields.
import { z } from 'zod/mini';
import type { ApproveRequest, CustomerGroup, CustomerGroupRequest, PriceBreak, PriceBreaksRequest } from '@/api/types';
import { MAX_PRICE, MIN_PRICE } from '@/lib/rules';

/** The server's limits (domain/trade.rs, domain/price_resolver.rs). */
export const MAX_CREDIT_LIMIT = 10_000_000;
export const MAX_TERMS_DAYS = 120;
export const MAX_REASON_CHARS = 500;
export const MAX_GROUP_NAME_CHARS = 80;
export const MAX_CATEGORY_DISCOUNTS = 200;
export const MAX_CATEGORY_PERCENT = 90;
export const MAX_BREAKS = 10;

/** The messages the server gives for each rule. */
export const TRADE_MESSAGES = {
  group: 'Choose a customer group',
  creditLimit: `Credit limit must be from 0 to ${MAX_CREDIT_LIMIT}, with at most two decimals`,
  termsDays: `Payment terms are 0 to ${MAX_TERMS_DAYS} days`,
  reasonRequired: 'A reason is required',
  reasonLong: `The reason must be at most ${MAX_REASON_CHARS} characters`,
  nameRequired: 'Name is required',
  name: `At most ${MAX_GROUP_NAME_CHARS} characters`,
  discounts: `At most ${MAX_CATEGORY_DISCOUNTS} category discounts`,
  category: 'Choose a category',
  categoryOnce: 'Each category may have one discount',
  percent: `A discount is 1 to ${MAX_CATEGORY_PERCENT} percent`,
  price: `Price must be from ${MIN_PRICE} to ${MAX_PRICE}, with at most two decimals`,
  breaks: `At most ${MAX_BREAKS} breaks`,
  breakFrom: 'A break starts at 2 units or more',
  breakMore: 'Each break starts at more units than the one before',
  breakLess: 'Each break costs less than the one before',
  noSku: 'No product has this SKU',
  skuRequired: 'SKU is required',
} as const;

const TWO_DECIMALS = /^\d+(\.\d{1,2})?$/;
const WHOLE = /^\d+$/;

/** A price a product, a group or a break may have: the product's range, two decimals at most. */
export const isPrice = (text: string) => TWO_DECIMALS.test(text) && Number(text) >= MIN_PRICE && Number(text) <= MAX_PRICE;

type Issues = { push: (issue: { code: 'custom'; input: unknown; path: (string | number)[]; message: string }) => void };

/** The form's field a server's `errors` key names (`breaks[1].price` → `breaks.1.price`),
 * when the form has it: `fields` are the form's own names, `list` its rows' and how many. */
export function formField(key: string, fields: readonly string[], list?: { name: string; cells: readonly string[]; count: number }): string | undefined {
  if (fields.includes(key)) return key;
  if (!list) return undefined;
  if (key === list.name) return list.name;
  const match = /^(\w+)\[(\d+)\]\.(\w+)$/.exec(key);
  if (!match || match[1] !== list.name || !list.cells.includes(match[3])) return undefined;
  // A row the form no longer has falls back to the list as a whole.
  return Number(match[2]) < list.count ? `${list.name}.${match[2]}.${match[3]}` : list.name;
}

// ---- Deciding an application ----

export const approveSchema = z.object({
  groupId: z.string().check(z.minLength(1, TRADE_MESSAGES.group)),
  creditLimit: z.string().check(z.trim(), z.refine((text) => TWO_DECIMALS.test(text) && Number(text) <= MAX_CREDIT_LIMIT, TRADE_MESSAGES.creditLimit)),
  termsDays: z.string().check(z.trim(), z.refine((text) => WHOLE.test(text) && Number(text) <= MAX_TERMS_DAYS, TRADE_MESSAGES.termsDays)),
});
export type ApproveValues = z.infer<typeof approveSchema>;

/** No credit (no paying on account) until staff give some; the usual 30 days' terms. */
export const APPROVE_DEFAULTS: ApproveValues = { groupId: '', creditLimit: '0', termsDays: '30' };

export const approveRequest = (values: ApproveValues): ApproveRequest => ({ groupId: values.groupId, creditLimit: Number(values.creditLimit), termsDays: Number(values.termsDays) });

export const rejectSchema = z.object({
  reason: z.string().check(z.trim(), z.minLength(1, TRADE_MESSAGES.reasonRequired), z.maxLength(MAX_REASON_CHARS, TRADE_MESSAGES.reasonLong)),
});
export type RejectValues = z.infer<typeof rejectSchema>;

// ---- A customer group ----

const discount = z.object({
  categoryId: z.string().check(z.minLength(1, TRADE_MESSAGES.category)),
  percent: z.string().check(z.trim(), z.refine((text) => WHOLE.test(text) && Number(text) >= 1 && Number(text) <= MAX_CATEGORY_PERCENT, TRADE_MESSAGES.percent)),
});

/** A category named twice: the second and later ones say so, as the server's do. */
function checkOnce(discounts: { categoryId: string }[], issues: Issues) {
  const seen = new Set<string>();
  discounts.forEach(({ categoryId }, index) => {
    if (categoryId === '') return;
    if (seen.has(categoryId)) issues.push({ code: 'custom', input: categoryId, path: ['categoryDiscounts', index, 'categoryId'], message: TRADE_MESSAGES.categoryOnce });
    seen.add(categoryId);
  });
}

export const groupSchema = z
  .object({
    name: z.string().check(z.trim(), z.minLength(1, TRADE_MESSAGES.nameRequired), z.maxLength(MAX_GROUP_NAME_CHARS, TRADE_MESSAGES.name)),
    cartDiscount: z.boolean(),
    categoryDiscounts: z.array(discount).check(z.maxLength(MAX_CATEGORY_DISCOUNTS, TRADE_MESSAGES.discounts)),
  })
  .check(z.superRefine((values, ctx) => checkOnce(values.categoryDiscounts, ctx.issues)));

export type GroupFormValues = z.infer<typeof groupSchema>;

/** A new group: no discounts of its own, and the shop's cart discount, as the server's default. */
export const EMPTY_GROUP: GroupFormValues = { name: '', cartDiscount: true, categoryDiscounts: [] };

export const groupFormValues = (group: CustomerGroup): GroupFormValues => ({
  name: group.name,
  cartDiscount: group.cartDiscount,
  categoryDiscounts: group.categoryDiscounts.map((entry) => ({ categoryId: entry.categoryId, percent: entry.percent == null ? '' : String(entry.percent) })),
});

export const groupRequest = (values: GroupFormValues): CustomerGroupRequest => ({
  name: values.name,
  cartDiscount: values.cartDiscount,
  categoryDiscounts: values.categoryDiscounts.map((entry) => ({ categoryId: entry.categoryId, percent: Number(entry.percent) })),
});

/** The group form's field a server's `errors` key names. */
export const groupErrorField = (key: string, count: number) => formField(key, ['name', 'cartDiscount'], { name: 'categoryDiscounts', cells: ['categoryId', 'percent'], count });

// ---- A group's prices ----

/** A price added by SKU: the variant is found by its SKU when it is sent. */
export const addPriceSchema = z.object({
  sku: z.string().check(z.trim(), z.minLength(1, TRADE_MESSAGES.skuRequired)),
  price: z.string().check(z.trim(), z.refine(isPrice, TRADE_MESSAGES.price)),
});
export type AddPriceValues = z.infer<typeof addPriceSchema>;

/** The line and cell a server's `errors` key for a prices call names: `prices[2].price`
 * → [2, 'price']. */
export function priceErrorLine(key: string): [number, 'price' | 'variantId'] | null {
  const match = /^prices\[(\d+)\]\.(price|variantId)$/.exec(key);
  return match ? [Number(match[1]), match[2] as 'price' | 'variantId'] : null;
}

// ---- A variant's quantity breaks, for one audience ----

/** Each break against the one before, as the server checks them: from 2 units, more units
 * and a lower price than the one before. */
function checkBreaks(rows: { minQuantity: string; price: string }[], issues: Issues) {
  rows.forEach(({ minQuantity, price }, index) => {
    const fail = (cell: 'minQuantity' | 'price', message: string) => issues.push({ code: 'custom', input: rows[index][cell], path: ['breaks', index, cell], message });
    const before = rows[index - 1];
    if (!WHOLE.test(minQuantity) || Number(minQuantity) < 2) fail('minQuantity', TRADE_MESSAGES.breakFrom);
    else if (before && WHOLE.test(before.minQuantity) && Number(minQuantity) <= Number(before.minQuantity)) fail('minQuantity', TRADE_MESSAGES.breakMore);
    if (!isPrice(price)) fail('price', TRADE_MESSAGES.price);
    else if (before && isPrice(before.price) && Number(price) >= Number(before.price)) fail('price', TRADE_MESSAGES.breakLess);
  });
}

export const breaksSchema = z
  .object({ breaks: z.array(z.object({ minQuantity: z.string().check(z.trim()), price: z.string().check(z.trim()) })).check(z.maxLength(MAX_BREAKS, TRADE_MESSAGES.breaks)) })
  .check(z.superRefine((values, ctx) => checkBreaks(values.breaks, ctx.issues)));

export type BreaksValues = z.infer<typeof breaksSchema>;

export const breaksFormValues = (breaks: PriceBreak[]): BreaksValues => ({
  breaks: breaks.map((row) => ({ minQuantity: String(row.minQuantity), price: row.price == null ? '' : String(row.price) })),
});

export const breaksRequest = (groupId: string | null, values: BreaksValues): PriceBreaksRequest => ({
  groupId,
  breaks: values.breaks.map((row) => ({ minQuantity: Number(row.minQuantity), price: Number(row.price) })),
});

/** The breaks form's field a server's `errors` key names (`groupId` has none: its message
 * shows above the button). */
export const breaksErrorField = (key: string, count: number) => formField(key, [], { name: 'breaks', cells: ['minQuantity', 'price'], count });
