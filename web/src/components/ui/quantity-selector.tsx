import { Minus, Plus } from 'lucide-react';
import { Button } from './button';

/** The most of one product a shopper can choose (spec §5, §9). */
export const MAX_QUANTITY = 99;

/** A quantity between `min` and `max` (spec §5: 1 to 99 by default); the buttons are
 * disabled at the bounds. */
export function QuantitySelector({
  value,
  onChange,
  min = 1,
  max = MAX_QUANTITY,
  label = 'Quantity',
}: {
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  label?: string;
}) {
  return (
    <div role="group" aria-label={label} className="inline-flex items-center rounded-md border border-slate-300">
      <Button type="button" variant="ghost" size="touchIcon" aria-label="Decrease quantity" disabled={value <= min} onClick={() => onChange(Math.max(min, value - 1))}>
        <Minus className="h-4 w-4" aria-hidden="true" />
      </Button>
      <span aria-live="polite" aria-label={label} className="w-10 text-center text-sm font-medium">
        {value}
      </span>
      <Button type="button" variant="ghost" size="touchIcon" aria-label="Increase quantity" disabled={value >= max} onClick={() => onChange(Math.min(max, value + 1))}>
        <Plus className="h-4 w-4" aria-hidden="true" />
      </Button>
    </div>
  );
}
