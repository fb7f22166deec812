import { X } from 'lucide-react';
import { useId } from 'react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { ProductFormFields } from '../product-form-schema';
import { MAX_OPTIONS, parseValues } from '../variant-grid';
import { MAX_OPTION_VALUES } from '../variant-schema';
import { CellError, controlClass } from './form-controls';

/** The product's options (0 to 3): a name, offered from the names the shop already uses so
 * the listing can filter by them across products, and its values as a comma list, shown as
 * chips as they are read. Without options the product has its own price and stock. */
export function ProductOptions({ form, suggestions }: { form: UseFormReturn<ProductFormFields>; suggestions: string[] }) {
  const id = useId();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'options' });
  const options = useWatch({ control: form.control, name: 'options' });
  const errors = form.formState.errors.options;
  return (
    <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold">Options</legend>
      <p className="text-xs text-slate-600">
        Up to {MAX_OPTIONS}, such as Size or Finish, each with 1 to {MAX_OPTION_VALUES} values separated by commas. A product with options is priced and stocked per variant below.
      </p>
      <datalist id={`${id}-names`}>
        {suggestions.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      {fields.map((field, i) => {
        const nameError = errors?.[i]?.name?.message;
        const valuesError = errors?.[i]?.values?.message;
        const values = parseValues(options[i]?.values ?? '');
        return (
          <div key={field.id} className="grid grid-cols-1 gap-2 sm:grid-cols-[12rem_1fr_auto] sm:items-start">
            <div className="space-y-1">
              <input
                aria-label={`Option ${i + 1} name`}
                list={`${id}-names`}
                placeholder="Size"
                maxLength={40}
                aria-invalid={nameError ? true : undefined}
                aria-describedby={nameError ? `${id}-${i}-name-error` : undefined}
                className={cn(controlClass, 'h-11')}
                {...form.register(`options.${i}.name`)}
              />
              <CellError id={`${id}-${i}-name-error`} message={nameError} />
            </div>
            <div className="space-y-1">
              <input
                aria-label={`Option ${i + 1} values`}
                placeholder="15 mm, 22 mm, 28 mm"
                aria-invalid={valuesError ? true : undefined}
                aria-describedby={valuesError ? `${id}-${i}-values-error` : undefined}
                className={cn(controlClass, 'h-11')}
                {...form.register(`options.${i}.values`)}
              />
              <CellError id={`${id}-${i}-values-error`} message={valuesError} />
              {values.length > 0 && (
                <ul aria-label={`Option ${i + 1} values as read`} className="flex flex-wrap gap-1">
                  {values.map((value, j) => (
                    <li key={`${value}-${j}`} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                      {value}
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <Button type="button" variant="outline" className="h-11" onClick={() => remove(i)} aria-label={`Remove option ${i + 1}`}>
              <X className="h-4 w-4" aria-hidden="true" />
            </Button>
          </div>
        );
      })}
      {errors?.root?.message && (
        <p role="alert" className="text-sm text-red-600">
          {errors.root.message}
        </p>
      )}
      <Button type="button" variant="outline" className="h-11" disabled={fields.length >= MAX_OPTIONS} onClick={() => append({ name: '', values: '' })}>
        Add option
      </Button>
    </fieldset>
  );
}
