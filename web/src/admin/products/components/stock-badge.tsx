import { cn } from '@/lib/utils';
import { stockState } from '../products';

const badge = 'inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium';

/** The units in stock, with a word when they are few or none (the colour only repeats it). */
export function StockCount({ stock }: { stock: number }) {
  const state = stockState(stock);
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span>{stock}</span>
      {state === 'low' && <span className={cn(badge, 'bg-amber-100 text-amber-900')}>Low</span>}
      {state === 'out' && <span className={cn(badge, 'bg-red-100 text-red-900')}>Out of stock</span>}
    </span>
  );
}

/** How many back-in-stock e-mails wait for a variant (docs/DESIGN.md §12); nothing when none. */
export function AlertsWaiting({ count }: { count?: number | null }) {
  if (!count) return null;
  return (
    <span title="Back-in-stock e-mails waiting" className={cn(badge, 'bg-sky-100 text-sky-900')}>
      {count} waiting
    </span>
  );
}
