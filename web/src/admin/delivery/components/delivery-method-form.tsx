import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { Field, fieldControlClass } from '@/admin/shared/components/form-field';
import type { DeliveryMethodRequest } from '@/api/types';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { currencySymbol } from '@/lib/format';
import { MAX_METHOD_DESCRIPTION_CHARS, MAX_METHOD_NAME_CHARS, MAX_METHOD_POSITION } from '@/lib/rules';
import { METHOD_MESSAGES, methodErrorField, methodRequest, methodSchema, type MethodFormValues } from '../delivery-schema';
import { WeightBands } from './weight-bands';

const controlClass = `${fieldControlClass} h-11`;

type TextField = 'name' | 'prefixes' | 'freeOver' | 'position';

/** Every field of a delivery method, checked as the server checks them; when the server
 * still refuses, its `errors` show on the fields they name (a band's weight, the
 * prefixes, the default) and its message above the button (at most 50 methods, a save
 * someone else's overtook). `save` sends the request and rejects with the ApiError. */
export function DeliveryMethodForm({ initial, submitLabel, save }: { initial: MethodFormValues; submitLabel: string; save: (body: DeliveryMethodRequest) => Promise<unknown> }) {
  const form = useForm<MethodFormValues>({ resolver: zodResolver(methodSchema), defaultValues: initial });
  const { errors, isSubmitting } = form.formState;
  const defaultErrorId = `${useId()}-default-error`;

  const submit = form.handleSubmit(async (values) => {
    try {
      await save(methodRequest(values));
    } catch (error) {
      for (const [key, message] of Object.entries(error instanceof ApiError ? (error.errors ?? {}) : {})) {
        const field = methodErrorField(key, values.rates.length);
        // The server counts weights in grams; this form's bands are in kilograms.
        const shown = field?.endsWith('.upToKg') && message.includes('grams') ? METHOD_MESSAGES.weight : message;
        if (field) form.setError(field as FieldPath<MethodFormValues>, { message: shown }, { shouldFocus: true });
      }
      form.setError('root', { message: errorMessage(error, 'Failed to save the delivery method') });
    }
  });

  const input = (name: TextField, props: { inputMode?: 'decimal' | 'numeric'; maxLength?: number; autoCapitalize?: string } = {}) =>
    ({ id, describedBy }: { id: string; describedBy?: string }) => (
      <input id={id} aria-invalid={errors[name] ? true : undefined} aria-describedby={describedBy} className={controlClass} {...props} {...form.register(name)} />
    );

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <Field label="Name" hint="What shoppers see at checkout, e.g. Next-day." error={errors.name?.message}>
        {input('name', { maxLength: MAX_METHOD_NAME_CHARS })}
      </Field>
      <Field label="Description (optional)" hint="A line under the name at checkout." error={errors.description?.message}>
        {({ id, describedBy }) => (
          <textarea
            id={id}
            rows={2}
            maxLength={MAX_METHOD_DESCRIPTION_CHARS}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={describedBy}
            className={`${fieldControlClass} py-2`}
            {...form.register('description')}
          />
        )}
      </Field>
      <Field label="Postcode prefixes" hint="Empty: everywhere. The start of a postcode, e.g. IV, HS, ZE; spaces and case do not matter." error={errors.prefixes?.message}>
        {input('prefixes', { autoCapitalize: 'characters' })}
      </Field>
      <WeightBands form={form} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label={`Free over (${currencySymbol('rupees')}, optional)`} hint="The goods after discounts from which it costs nothing. Empty: never free." error={errors.freeOver?.message}>
          {input('freeOver', { inputMode: 'decimal' })}
        </Field>
        <Field label="Position" hint={`Where the checkout lists it, lowest first: 0 to ${MAX_METHOD_POSITION}.`} error={errors.position?.message}>
          {input('position', { inputMode: 'numeric' })}
        </Field>
      </div>
      <label className="flex min-h-11 items-center gap-3 text-sm">
        <input type="checkbox" className="h-5 w-5" {...form.register('active')} />
        Active: offered at checkout
      </label>
      <div className="space-y-1">
        <label className="flex min-h-11 items-center gap-3 text-sm">
          <input
            type="checkbox"
            className="h-5 w-5"
            aria-invalid={errors.isDefault ? true : undefined}
            aria-describedby={errors.isDefault ? defaultErrorId : undefined}
            {...form.register('isDefault')}
          />
          Default: used when the shopper does not choose
        </label>
        {errors.isDefault && (
          <p id={defaultErrorId} className="text-sm text-red-600">
            {errors.isDefault.message}
          </p>
        )}
      </div>
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
