import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { fieldControlClass } from '@/admin/shared/components/form-field';
import type { PriceBreak } from '@/api/types';
import { Button } from '@/components/ui/button';
import { currencySymbol } from '@/lib/format';
import { useSavePriceBreaks } from '../api/price-breaks';
import { showRefusal } from '../show-refusal';
import { breaksErrorField, breaksFormValues, breaksRequest, breaksSchema, MAX_BREAKS, type BreaksValues } from '../trade-schema';

const controlClass = `${fieldControlClass} h-11`;

function CellError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-red-600">
      {message}
    </p>
  );
}

/** One audience's breaks on a variant (everyone's, or a group's; `name` says which), as
 * rows of 'from so many units, this unit price', saved on their own: the server replaces
 * that audience's breaks with the rows (none removes them). Its refusals show on the rows
 * they name. The caller keys this by the breaks saved, so a save starts it afresh. */
export function AudienceBreaksForm({ variantId, groupId, name, initial }: { variantId: string; groupId: string | null; name: string; initial: PriceBreak[] }) {
  const id = useId();
  const save = useSavePriceBreaks(variantId);
  const form = useForm<BreaksValues>({ resolver: zodResolver(breaksSchema), defaultValues: breaksFormValues(initial) });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'breaks' });
  const { errors, isSubmitting } = form.formState;
  const listError = errors.breaks?.message ?? errors.breaks?.root?.message;
  const symbol = currencySymbol('rupees');

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(breaksRequest(groupId, values));
    } catch (error) {
      showRefusal(form, error, (key) => breaksErrorField(key, values.breaks.length), 'Failed to save the price breaks');
      return;
    }
    toast.success(`Price breaks for ${name} saved`);
  });

  return (
    <form
      noValidate
      // The dialog is a portal, but React passes its events up the tree that rendered it:
      // the product form around the variant grid must not take this submit as its own.
      onSubmit={(event) => {
        event.stopPropagation();
        void submit(event);
      }}
      aria-labelledby={`${id}-name`}
      className="space-y-2 rounded-lg border border-slate-200 p-3"
    >
      <h3 id={`${id}-name`} className="font-semibold">
        {name}
      </h3>
      {fields.length === 0 ? (
        <p className="text-sm text-slate-600">No breaks: {groupId ? 'the group pays' : 'everyone pays'} one unit price at any quantity.</p>
      ) : (
        <div aria-hidden="true" className="grid grid-cols-[1fr_1fr_6rem] gap-2 text-sm font-medium text-slate-700">
          <span>From (units)</span>
          <span>Unit price ({symbol})</span>
        </div>
      )}
      <ol className="space-y-2">
        {fields.map((row, index) => {
          const n = index + 1;
          const quantityError = errors.breaks?.[index]?.minQuantity?.message;
          const priceError = errors.breaks?.[index]?.price?.message;
          const ids = { quantity: `${id}-${row.id}-quantity-error`, price: `${id}-${row.id}-price-error` };
          return (
            <li key={row.id} className="grid grid-cols-[1fr_1fr_6rem] items-start gap-2">
              <div className="min-w-0 space-y-1">
                <input
                  aria-label={`Break ${n} from (units), ${name}`}
                  inputMode="numeric"
                  aria-invalid={quantityError ? true : undefined}
                  aria-describedby={quantityError ? ids.quantity : undefined}
                  className={controlClass}
                  {...form.register(`breaks.${index}.minQuantity`)}
                />
                <CellError id={ids.quantity} message={quantityError} />
              </div>
              <div className="min-w-0 space-y-1">
                <input
                  aria-label={`Break ${n} unit price (${symbol}), ${name}`}
                  inputMode="decimal"
                  aria-invalid={priceError ? true : undefined}
                  aria-describedby={priceError ? ids.price : undefined}
                  className={controlClass}
                  {...form.register(`breaks.${index}.price`)}
                />
                <CellError id={ids.price} message={priceError} />
              </div>
              <Button type="button" variant="outline" className="h-11" aria-label={`Remove break ${n}, ${name}`} onClick={() => remove(index)}>
                Remove
              </Button>
            </li>
          );
        })}
      </ol>
      {listError && <p className="text-sm text-red-600">{listError}</p>}
      {errors.root && (
        <p role="alert" className="text-sm text-red-600">
          {errors.root.message}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" className="h-11" disabled={fields.length >= MAX_BREAKS} onClick={() => append({ minQuantity: '', price: '' })}>
          Add a break <span className="sr-only">for {name}</span>
        </Button>
        <Button type="submit" className="h-11" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : `Save breaks for ${name}`}
        </Button>
      </div>
    </form>
  );
}
