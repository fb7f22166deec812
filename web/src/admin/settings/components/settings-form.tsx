import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { Field, fieldControlClass as controlClass } from '@/admin/shared/components/form-field';
import type { SettingsRequest } from '@/api/types';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { ReturnFields, ShopIdentityFields, TaxFields } from './tax-fields';
import { CURRENCIES, MAX_PICKUP_NAME, MAX_PICKUP_TEXT, settingsErrorField, settingsRequest, settingsSchema, type SettingsFormValues } from '../settings-schema';

/** The shop's identity, tax, currency, pickup point and return window. `save` sends the request and rejects with the
 * ApiError, whose `errors` then show on the fields they name. */
export function SettingsForm({ initial, version, save }: { initial: SettingsFormValues; version: number; save: (body: SettingsRequest) => Promise<unknown> }) {
  const form = useForm<SettingsFormValues>({ resolver: zodResolver(settingsSchema), defaultValues: initial });
  const { errors, isSubmitting } = form.formState;
  const pickupOn = useWatch({ control: form.control, name: 'pickupOn' });

  const submit = form.handleSubmit(async (values) => {
    try {
      await save(settingsRequest(values, version));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) return;
      for (const [key, message] of Object.entries(error instanceof ApiError ? (error.errors ?? {}) : {})) {
        const field = settingsErrorField(key, values);
        if (field) form.setError(field as FieldPath<SettingsFormValues>, { message }, { shouldFocus: true });
      }
      form.setError('root', { message: errorMessage(error, 'Failed to save the settings') });
    }
  });

  const area = (name: 'pickupAddress' | 'pickupOpeningHours' | 'pickupInstructions', maxLength: number) =>
    ({ id, describedBy }: { id: string; describedBy?: string }) => (
      <textarea id={id} rows={3} maxLength={maxLength} aria-invalid={errors[name] ? true : undefined} aria-describedby={describedBy} className={`${controlClass} py-2`} {...form.register(name)} />
    );

  return (
    <form noValidate onSubmit={submit} className="space-y-6">
      <ShopIdentityFields form={form} />
      <TaxFields form={form} />
      <section aria-labelledby="settings-currency" className="space-y-3">
        <h2 id="settings-currency" className="text-lg font-semibold">
          Currency
        </h2>
        <Field
          label="The shop’s currency"
          hint="Every page, mail and console screen shows amounts in it. Amounts are never converted. ‘Not set’ keeps the two readings of the original design (dollars on product pages, rupees in the cart)."
          error={errors.currency?.message}
        >
          {({ id, describedBy }) => (
            <select id={id} aria-describedby={describedBy} aria-invalid={errors.currency ? true : undefined} className={`${controlClass} h-11`} {...form.register('currency')}>
              <option value="">Not set</option>
              {CURRENCIES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          )}
        </Field>
      </section>
      <section aria-labelledby="settings-pickup" className="space-y-3">
        <h2 id="settings-pickup" className="text-lg font-semibold">
          Pickup
        </h2>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" className="h-5 w-5" {...form.register('pickupOn')} />
          Say where shoppers collect pickup orders (shown at checkout, on orders, in mails and on Contact)
        </label>
        {pickupOn && (
          <div className="space-y-4">
            <Field label="Name" hint="e.g. Main branch" error={errors.pickupName?.message}>
              {({ id, describedBy }) => (
                <input id={id} maxLength={MAX_PICKUP_NAME} aria-invalid={errors.pickupName ? true : undefined} aria-describedby={describedBy} className={`${controlClass} h-11`} {...form.register('pickupName')} />
              )}
            </Field>
            <Field label="Address" hint="Line breaks are kept." error={errors.pickupAddress?.message}>
              {area('pickupAddress', MAX_PICKUP_TEXT)}
            </Field>
            <Field label="Opening hours (optional)" error={errors.pickupOpeningHours?.message}>
              {area('pickupOpeningHours', MAX_PICKUP_TEXT)}
            </Field>
            <Field label="How to collect (optional)" hint="e.g. Bring your order number to the trade counter." error={errors.pickupInstructions?.message}>
              {area('pickupInstructions', MAX_PICKUP_TEXT)}
            </Field>
          </div>
        )}
      </section>
      <ReturnFields form={form} />
      {errors.root && (
        <p role="alert" className="text-sm text-red-600">
          {errors.root.message}
        </p>
      )}
      <Button type="submit" className="h-11" disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Save settings'}
      </Button>
    </form>
  );
}
