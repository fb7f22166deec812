import { cn } from '@/lib/utils';
import { type PriceReading, usePriceReading, usePriceReadingStore } from '../price-reading';

/** The header's 'Inc. VAT / Ex. VAT' switch (the shop's tax label): two buttons, the
 * pressed one the reading every price shows. */
export function PriceReadingSwitch({ className }: { className?: string }) {
  const { reading, taxLabel } = usePriceReading();
  const setReading = usePriceReadingStore((state) => state.setReading);
  const option = (value: PriceReading, text: string) => (
    <button
      type="button"
      aria-pressed={reading === value}
      onClick={() => setReading(value)}
      className={cn(
        'min-h-11 rounded px-2 text-xs font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand sm:min-h-9',
        reading === value ? 'bg-slate-900 text-white' : 'text-slate-700 hover:bg-slate-100',
      )}
    >
      {text}
    </button>
  );
  return (
    <div role="group" aria-label="Show prices" className={cn('inline-flex items-center gap-0.5 rounded-md border border-slate-300 p-0.5', className)}>
      {option('inc', `Inc. ${taxLabel}`)}
      {option('ex', `Ex. ${taxLabel}`)}
    </div>
  );
}
