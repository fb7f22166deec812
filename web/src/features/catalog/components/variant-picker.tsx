import { cn } from '@/lib/utils';
import { chooseValue, optionStates } from '../variant-picker';
import type { ProductOption, Variant } from '../variant-types';

/** A picker per option (docs/DESIGN.md §9): each value a radio button. A value that makes
 * no existing combination with the other current choices is shown disabled
 * (aria-disabled, so it stays reachable): choosing it anyway moves to the nearest
 * combination that exists, which is how a shopper gets from 15 mm brass to 28 mm when 28 mm
 * comes in chrome only. A value whose variant is sold out is struck through and can be
 * chosen. */
export function VariantPicker({ options, variants, current, onChoose }: { options: ProductOption[]; variants: Variant[]; current: Variant; onChoose: (variant: Variant) => void }) {
  if (options.length === 0 || variants.length < 2) return null;
  return (
    <div className="space-y-4">
      {optionStates(options, variants, current).map(({ name, values }) => (
        <fieldset key={name}>
          <legend className="mb-2 text-sm font-medium text-slate-700">
            {name}: <span className="font-semibold text-slate-900">{current.options[name]}</span>
          </legend>
          <div className="flex flex-wrap gap-2">
            {values.map(({ value, chosen, disabled, soldOut }) => (
              <label
                key={value}
                className={cn(
                  'relative inline-flex min-h-11 cursor-pointer items-center rounded-md border px-3 text-sm md:min-h-9 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand',
                  chosen ? 'border-slate-900 bg-slate-900 text-white' : 'border-slate-300 bg-white text-slate-900 hover:border-slate-500',
                  disabled && !chosen && 'border-dashed text-slate-400',
                  soldOut && 'line-through',
                )}
              >
                <input
                  type="radio"
                  className="sr-only"
                  name={`option-${name}`}
                  value={value}
                  checked={chosen}
                  aria-disabled={disabled || undefined}
                  onChange={() => {
                    const next = chooseValue(options, variants, current, name, value);
                    if (next && next._id !== current._id) onChoose(next);
                  }}
                />
                {value}
                {soldOut && <span className="sr-only"> (sold out)</span>}
                {disabled && <span className="sr-only"> (not with the other choices)</span>}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
