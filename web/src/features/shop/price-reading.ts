// How the shopper reads prices (docs/DESIGN.md §10): with the shop's tax ('Inc. VAT') or
// without it ('Ex. VAT'), chosen in the header and kept in the browser. Only what pages
// show changes: the API's amounts, the cart's totals and what is charged never do.
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { ShopFacts } from '@/api/types';
import { type TaxAmount, taxRows } from '@/lib/tax';
import { useShop } from './api/get-shop';

export type PriceReading = 'inc' | 'ex';

export const PRICE_READING_STORAGE_KEY = 'price_reading';

interface PriceReadingState {
  reading: PriceReading;
  setReading: (reading: PriceReading) => void;
}

export const usePriceReadingStore = create<PriceReadingState>()(
  persist(
    (set) => ({
      reading: 'inc',
      setReading: (reading) => set({ reading }),
    }),
    { name: PRICE_READING_STORAGE_KEY, partialize: ({ reading }) => ({ reading }) },
  ),
);

type TaxFacts = Pick<ShopFacts, 'pricesIncludeTax' | 'rates'>;

/** `amount` (as the API gives it: with tax when the shop's prices include it, else
 * without) in `reading`, for a product of `taxClass`, rounded half up to the cent. */
export function priceIn(amount: number, taxClass: string | undefined, reading: PriceReading, facts: TaxFacts): number {
  const rates = facts.rates as Record<string, number>;
  const rate = rates[taxClass ?? 'standard'] ?? rates.standard;
  const cents = Math.round(amount * 100);
  const bp = Math.round(rate * 100);
  if (facts.pricesIncludeTax && reading === 'ex') return Math.round((cents * 10_000) / (10_000 + bp)) / 100;
  if (!facts.pricesIncludeTax && reading === 'inc') return Math.round((cents * (10_000 + bp)) / 10_000) / 100;
  return amount;
}

/** The label a price carries in `reading`: 'inc. VAT', 'ex. VAT'. */
export const readingLabel = (reading: PriceReading, taxLabel: string) => `${reading === 'inc' ? 'inc.' : 'ex.'} ${taxLabel}`;

/** What the shop calls its tax ('VAT' until its facts arrive). */
export function useTaxLabel(): string {
  return useShop().data?.taxLabel ?? 'VAT';
}

/** An order's or a quote's tax per rate (lib/tax.ts), labelled with the shop's tax label:
 * the rows shown before the total when its prices were net, after it when they included
 * tax (no `pricesIncludeTax` reads as included). */
export function useTaxRows(amounts: { taxes?: TaxAmount[]; pricesIncludeTax?: boolean | null } | undefined, format: (amount: number) => string) {
  const included = amounts?.pricesIncludeTax !== false;
  const rows = taxRows(amounts?.taxes, included, useTaxLabel(), format);
  return { beforeTotal: included ? [] : rows, afterTotal: included ? rows : [] };
}

/** The chosen reading, its label, and `show(amount, taxClass)`: the amount in it. Until
 * the shop's facts arrive, amounts are shown as the API gives them. */
export function usePriceReading() {
  const reading = usePriceReadingStore((state) => state.reading);
  const facts = useShop().data;
  const taxLabel = useTaxLabel();
  return {
    reading,
    taxLabel,
    label: readingLabel(reading, taxLabel),
    show: (amount: number, taxClass: string | undefined) => (facts ? priceIn(amount, taxClass, reading, facts) : amount),
  };
}
