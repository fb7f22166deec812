import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Field } from '@/admin/shared/components/form-field';
import type { PromoRequest } from '@/api/types';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { currencySymbol } from '@/lib/format';
import { PROMO_FIELDS, promoRequest, promoSchema, type PromoFormValues } from '../promo-schema';

const controlClass = 'h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-sm outline-none focus:ring-2 focus:ring-brand aria-[invalid=true]:border-red-500';

/** Every field of a promo code, checked as the server checks them; when the server still
 * refuses, its `errors` show on the fields they name (a taken code, 409, on the code) and
 * its message above the button. `save` sends the request and rejects with the ApiError. */
export function PromoCodeForm({ initial, submitLabel, save }: { initial: PromoFormValues; submitLabel: string; save: (body: PromoRequest) => Promise<unknown> }) {
  const form = useForm<PromoFormValues>({ resolver: zodResolver(promoSchema), defaultValues: initial });
  const { errors, isSubmitting } = form.formState;
  const kind = useWatch({ control: form.control, name: 'kind' });

  const submit = form.handleSubmit(async (values) => {
    try {
      await save(promoRequest(values));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        form.setError('code', { message: error.message }, { shouldFocus: true });
        return;
      }
      for (const [field, message] of Object.entries(error instanceof ApiError ? (error.errors ?? {}) : {})) {
        if ((PROMO_FIELDS as readonly string[]).includes(field)) form.setError(field as keyof PromoFormValues, { message }, { shouldFocus: true });
      }
      form.setError('root', { message: errorMessage(error, 'Failed to save the promo code') });
    }
  });

  const input = (name: Exclude<keyof PromoFormValues, 'active' | 'kind'>, props: { inputMode?: 'decimal' | 'numeric'; type?: string; maxLength?: number; autoCapitalize?: string } = {}) =>
    ({ id, describedBy }: { id: string; describedBy?: string }) => (
      <input id={id} aria-invalid={errors[name] ? true : undefined} aria-describedby={describedBy} className={controlClass} {...props} {...form.register(name)} />
    );

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <Field label="Code" hint="3 to 32 letters, digits, - or _. Saved in capitals; shoppers may type it in any case." error={errors.code?.message}>
        {input('code', { maxLength: 32, autoCapitalize: 'characters' })}
      </Field>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">Kind of discount</legend>
        <div className="flex flex-wrap gap-x-6">
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input type="radio" value="percent" className="h-5 w-5" {...form.register('kind')} />
            A percentage
          </label>
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input type="radio" value="fixed" className="h-5 w-5" {...form.register('kind')} />
            A fixed amount
          </label>
        </div>
        {errors.kind && <p className="text-sm text-red-600">{errors.kind.message}</p>}
      </fieldset>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field
          label={kind === 'fixed' ? `Amount off (${currencySymbol('rupees')})` : 'Percentage off'}
          hint={kind === 'fixed' ? '0.01 to 1000000, taken off the goods after the shop’s 20 %.' : '0.01 to 100, of the goods after the shop’s 20 %.'}
          error={errors.amount?.message}
        >
          {input('amount', { inputMode: 'decimal' })}
        </Field>
        <Field label={`Minimum subtotal (${currencySymbol('rupees')})`} hint="The cart’s subtotal before any discount. 0 for none." error={errors.minSubtotal?.message}>
          {input('minSubtotal', { inputMode: 'decimal' })}
        </Field>
        <Field label="First day (optional)" hint="UTC. Empty: from now." error={errors.startsOn?.message}>
          {input('startsOn', { type: 'date' })}
        </Field>
        <Field label="Last day (optional)" hint="UTC, the whole day included. Empty: until switched off." error={errors.endsOn?.message}>
          {input('endsOn', { type: 'date' })}
        </Field>
        <Field label="Usage limit (optional)" hint="Orders that may use it in all. Empty: no limit." error={errors.usageLimit?.message}>
          {input('usageLimit', { inputMode: 'numeric' })}
        </Field>
        <Field label="Per-customer limit (optional)" hint="Orders one customer (an account, or a guest’s e-mail) may use it in. Empty: no limit." error={errors.perCustomerLimit?.message}>
          {input('perCustomerLimit', { inputMode: 'numeric' })}
        </Field>
      </div>
      <label className="flex min-h-11 items-center gap-3 text-sm">
        <input type="checkbox" className="h-5 w-5" {...form.register('active')} />
        Active: shoppers can use it
      </label>
      {errors.root && (
        <p role="alert" className="text-sm text-red-600">
          {errors.root.message}
        </p>
      )}
      <Button type="submit" className="h-11 w-full sm:w-auto" disabled={isSubmitting}>
        {isSubmitting ? 'Saving...' : submitLabel}
      </Button>
    </form>
  );
}
