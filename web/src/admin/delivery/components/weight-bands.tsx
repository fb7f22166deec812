import { useId } from 'react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { fieldControlClass } from '@/admin/shared/components/form-field';
import { Button } from '@/components/ui/button';
import { currencySymbol } from '@/lib/format';
import { MAX_BANDS } from '@/lib/rules';
import type { MethodFormValues } from '../delivery-schema';

const controlClass = `${fieldControlClass} h-11`;

/** A method's weight bands as rows under one pair of column headings: each row's inputs
 * carry their own names ('Band 2 up to (kg)'), so the headings are for the eye only. A
 * parcel uses the first band it fits; a blank weight on the last row takes any weight. */
export function WeightBands({ form }: { form: UseFormReturn<MethodFormValues> }) {
  const id = useId();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'rates' });
  const errors = form.formState.errors.rates;
  const symbol = currencySymbol('rupees');
  const bandsError = errors?.message ?? errors?.root?.message;
  return (
    <fieldset className="space-y-2" aria-describedby={`${id}-hint`}>
      <legend className="text-sm font-medium text-slate-700">Weight bands</legend>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        Lightest first; a parcel uses the first band it fits. Blank “up to” on the last band means any weight; without one, heavier parcels cannot use this method.
      </p>
      <div aria-hidden="true" className="grid grid-cols-[1fr_1fr_7.5rem] gap-2 text-sm font-medium text-slate-700">
        <span>Up to (kg)</span>
        <span>Price ({symbol})</span>
      </div>
      <ol className="space-y-2">
        {fields.map((row, index) => {
          const band = index + 1;
          const last = index === fields.length - 1;
          const weightError = errors?.[index]?.upToKg?.message;
          const priceError = errors?.[index]?.price?.message;
          const ids = { weight: `${id}-${row.id}-weight-error`, price: `${id}-${row.id}-price-error` };
          return (
            <li key={row.id} className="grid grid-cols-[1fr_1fr_7.5rem] items-start gap-2">
              <div className="min-w-0 space-y-1">
                <input
                  aria-label={`Band ${band} up to (kg)`}
                  inputMode="decimal"
                  placeholder={last ? 'Any weight' : undefined}
                  aria-invalid={weightError ? true : undefined}
                  aria-describedby={weightError ? ids.weight : undefined}
                  className={controlClass}
                  {...form.register(`rates.${index}.upToKg`)}
                />
                {weightError && (
                  <p id={ids.weight} className="text-sm text-red-600">
                    {weightError}
                  </p>
                )}
              </div>
              <div className="min-w-0 space-y-1">
                <input
                  aria-label={`Band ${band} price (${symbol})`}
                  inputMode="decimal"
                  aria-invalid={priceError ? true : undefined}
                  aria-describedby={priceError ? ids.price : undefined}
                  className={controlClass}
                  {...form.register(`rates.${index}.price`)}
                />
                {priceError && (
                  <p id={ids.price} className="text-sm text-red-600">
                    {priceError}
                  </p>
                )}
              </div>
              {fields.length > 1 ? (
                <Button type="button" variant="outline" className="h-11" aria-label={`Remove band ${band}`} onClick={() => remove(index)}>
                  Remove band
                </Button>
              ) : (
                <span />
              )}
            </li>
          );
        })}
      </ol>
      {bandsError && <p className="text-sm text-red-600">{bandsError}</p>}
      <Button type="button" variant="outline" className="h-11" disabled={fields.length >= MAX_BANDS} onClick={() => append({ upToKg: '', price: '' })}>
        Add band
      </Button>
    </fieldset>
  );
}
