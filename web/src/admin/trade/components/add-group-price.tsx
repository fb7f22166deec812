import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Field, fieldControlClass } from '@/admin/shared/components/form-field';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { currencySymbol } from '@/lib/format';
import { findVariantId, useSaveGroupPrices } from '../api/group-prices';
import { showRefusal } from '../show-refusal';
import { addPriceSchema, priceErrorLine, TRADE_MESSAGES, type AddPriceValues } from '../trade-schema';

const controlClass = `${fieldControlClass} h-11`;

/** The one line sent: its price is this form's price, its variant this SKU. */
function fieldOfLine(key: string): keyof AddPriceValues | undefined {
  const line = priceErrorLine(key);
  return line ? ({ price: 'price', variantId: 'sku' } as const)[line[1]] : undefined;
}

/** 'Add a price': a variant named by its SKU (looked up in the shop, any case) and the
 * group's price for it, saved at once. A SKU the shop does not have says so under it. */
export function AddGroupPrice({ groupId }: { groupId: string }) {
  const headingId = useId();
  const save = useSaveGroupPrices(groupId);
  const form = useForm<AddPriceValues>({ resolver: zodResolver(addPriceSchema), defaultValues: { sku: '', price: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ sku, price }) => {
    let variantId: string;
    try {
      variantId = await findVariantId(sku);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) form.setError('sku', { message: TRADE_MESSAGES.noSku }, { shouldFocus: true });
      else showRefusal(form, error, () => undefined, 'Failed to look the SKU up');
      return;
    }
    try {
      await save.mutateAsync({ prices: [{ variantId, price: Number(price) }] });
    } catch (error) {
      showRefusal(form, error, fieldOfLine, 'Failed to save the group price');
      return;
    }
    toast.success(`Group price for ${sku} saved`);
    form.reset();
  });

  return (
    <form noValidate onSubmit={submit} aria-labelledby={headingId} className="space-y-3 rounded-lg border border-slate-200 bg-white p-3">
      <h3 id={headingId} className="font-semibold">
        Add a price
      </h3>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-start">
        <Field label="SKU" error={errors.sku?.message}>
          {({ id, describedBy }) => (
            <input id={id} maxLength={64} autoCapitalize="characters" aria-invalid={errors.sku ? true : undefined} aria-describedby={describedBy} className={controlClass} {...form.register('sku')} />
          )}
        </Field>
        <Field label={`Price (${currencySymbol('rupees')})`} error={errors.price?.message}>
          {({ id, describedBy }) => (
            <input id={id} inputMode="decimal" aria-invalid={errors.price ? true : undefined} aria-describedby={describedBy} className={controlClass} {...form.register('price')} />
          )}
        </Field>
        <Button type="submit" className="h-11 sm:mt-6" disabled={isSubmitting}>
          {isSubmitting ? 'Adding...' : 'Add price'}
        </Button>
      </div>
      {errors.root && (
        <p role="alert" className="text-sm text-red-600">
          {errors.root.message}
        </p>
      )}
    </form>
  );
}
