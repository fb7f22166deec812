import type { Item } from '@/api/types';
import { LineVariant } from '@/components/ui/line-variant';
import { lineKey } from '@/features/cart';
import type { VariantItem } from '@/features/catalog';
import { usePriceReading } from '@/features/shop';
import { formatRupee } from '@/lib/format';

/** The cart's lines in the Order Summary, a line per variant with its option values and
 * SKU, its amount in the shopper's reading (with or without tax), each flagged with why it cannot be met, if so (by the variant's id, else the
 * product's). */
export function CheckoutLines({ lines, problems }: { lines: (Item & VariantItem)[]; problems: Record<string, string> }) {
  const prices = usePriceReading();
  if (lines.length === 0) return null;
  return (
    <ul aria-label="Items in your order" className="divide-y divide-slate-200 border-b border-slate-200 text-sm">
      {lines.map((line) => {
        const problem = (line.variantId && problems[line.variantId]) || problems[line.productId];
        return (
          <li key={lineKey(line)} aria-label={line.name} className="py-2">
            <div className="flex justify-between gap-3">
              <span className="min-w-0">
                {line.name} <span className="text-slate-500">× {line.quantity}</span>
              </span>
              <span className="shrink-0">
                {formatRupee(prices.show(line.discountedPrice * line.quantity, line.taxClass))} <span className="text-xs text-slate-500">{prices.label}</span>
              </span>
            </div>
            <LineVariant options={line.options} sku={line.sku} className="text-xs text-slate-500" />
            {problem && <p className="mt-1 font-medium text-red-600">{problem}</p>}
          </li>
        );
      })}
    </ul>
  );
}
