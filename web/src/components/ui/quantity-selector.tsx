import { Minus, Plus } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { MAX_QUANTITY } from '@/lib/quantity';
import { Button } from './button';

/** Why `typed` cannot be the quantity, or null when it can: the rules of docs/DESIGN.md §9
 * ('Order at least N' first, else 'Sold in multiples of N'), then the most there is
 * (`tooMany`, e.g. 'Only 3 left in stock'). */
export function quantityProblem(typed: string, { min, max, step, tooMany }: { min: number; max: number; step: number; tooMany: string }): string | null {
  const text = typed.trim();
  if (text === '') return 'Enter a quantity';
  if (!/^\d+$/.test(text)) return 'Enter a whole number, e.g. 10';
  const n = Number(text);
  if (n < min) return `Order at least ${min}`;
  if (n % step !== 0) return `Sold in multiples of ${step}`;
  if (n > max) return tooMany;
  return null;
}

/** The nearest quantity the rules allow to a number typed: within `min`..`max`, on a
 * multiple of `step` (down, so never above `max`). */
function nearestAllowed(n: number, { min, max, step }: { min: number; max: number; step: number }): number {
  const within = Math.min(max, Math.max(min, n));
  const onStep = Math.floor(within / step) * step;
  return onStep >= min ? onStep : min;
}

/** A quantity between `min` and `max` (spec §5: 1 to 99 by default; docs/DESIGN.md §15):
 * typed in its box, or changed one `step` at a time by − and + (disabled at the bounds)
 * or the arrow keys. What is typed is checked as it is typed and the reason shown under
 * the box; it is taken on Enter or on leaving the box, brought within the bounds if it
 * is a number outside them (the reason stays shown), and dropped if it is no number.
 * Escape puts back the current quantity. `tooMany` is the reason above `max`. */
export function QuantitySelector({
  value,
  onChange,
  min = 1,
  max = MAX_QUANTITY,
  step = 1,
  label = 'Quantity',
  tooMany = `You can have at most ${max} of one item`,
}: {
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  step?: number;
  label?: string;
  tooMany?: string;
}) {
  // What the shopper is typing, until it is taken; null shows `value`.
  const [draft, setDraft] = useState<string | null>(null);
  // Why a number typed was changed when taken, shown until the next change.
  const [note, setNote] = useState<string | null>(null);
  const messageId = useId();
  const rules = { min, max, step, tooMany };
  const problem = draft === null ? null : quantityProblem(draft, rules);
  const message = problem ?? note;

  const change = (next: number) => {
    setDraft(null);
    setNote(null);
    if (next !== value) onChange(next);
  };
  const commit = () => {
    if (draft === null) return;
    const text = draft.trim();
    setDraft(null);
    if (!/^\d+$/.test(text)) {
      setNote(null);
      return;
    }
    const allowed = nearestAllowed(Number(text), rules);
    setNote(allowed === Number(text) ? null : problem);
    if (allowed !== value) onChange(allowed);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape') {
      setDraft(null);
      setNote(null);
    } else if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      change(nearestAllowed(value + (event.key === 'ArrowUp' ? step : -step), rules));
    }
  };

  return (
    <div className="inline-flex flex-col gap-1">
      <div role="group" aria-label={label} className="inline-flex items-center rounded-md border border-slate-300 has-[[aria-invalid=true]]:border-red-500">
        <Button type="button" variant="ghost" size="touchIcon" aria-label="Decrease quantity" disabled={value <= min} onClick={() => change(nearestAllowed(value - step, rules))}>
          <Minus className="h-4 w-4" aria-hidden="true" />
        </Button>
        <input
          type="text"
          inputMode="numeric"
          autoComplete="off"
          role="spinbutton"
          aria-label={label}
          aria-valuenow={value}
          aria-valuemin={min}
          aria-valuemax={max}
          aria-invalid={problem ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          value={draft ?? String(value)}
          onChange={(event) => {
            setDraft(event.target.value);
            setNote(null);
          }}
          onBlur={commit}
          onKeyDown={onKeyDown}
          onFocus={(event) => event.target.select()}
          className="h-11 w-12 bg-transparent text-center text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-brand md:h-10"
        />
        <Button type="button" variant="ghost" size="touchIcon" aria-label="Increase quantity" disabled={value >= max} onClick={() => change(nearestAllowed(value + step, rules))}>
          <Plus className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
      <p id={messageId} aria-live="polite" className="max-w-48 text-xs font-medium text-red-600 empty:hidden">
        {message}
      </p>
    </div>
  );
}
