import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Field, fieldControlClass } from '@/admin/shared/components/form-field';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { cn } from '@/lib/utils';
import { EVENT_LABELS, WEBHOOK_EVENTS } from '../labels';
import { MAX_DESCRIPTION_CHARS, WEBHOOK_FIELDS, webhookSchema, type WebhookFormValues } from '../webhook-schema';

/** An endpoint's fields: its URL, the events it hears of (as the shop lists them) and a
 * description; `editing` an endpoint, the switch that turns it on and off too, and
 * nothing to send until something changes. Checked before it
 * is sent; when the server still refuses, its `errors` show under the fields they name
 * and any other refusal (409 'A shop has at most 20 webhook endpoints') above the button.
 * `save` sends the values and rejects with the ApiError; when it resolves with values,
 * the form starts again from them (the endpoint as saved). */
export function WebhookForm({
  initial,
  submitLabel,
  editing = false,
  save,
  onCancel,
}: {
  initial: WebhookFormValues;
  submitLabel: string;
  editing?: boolean;
  save: (values: WebhookFormValues) => Promise<WebhookFormValues | void>;
  onCancel?: () => void;
}) {
  const eventsId = useId();
  const form = useForm<WebhookFormValues>({ resolver: zodResolver(webhookSchema), defaultValues: initial });
  const { errors, isSubmitting, isDirty } = form.formState;
  const descriptionLength = useWatch({ control: form.control, name: 'description' }).trim().length;

  const submit = form.handleSubmit(async (values) => {
    try {
      const next = await save(values);
      if (next) form.reset(next);
    } catch (error) {
      const fields = Object.entries(error instanceof ApiError ? (error.errors ?? {}) : {}).filter(([field]) => (WEBHOOK_FIELDS as readonly string[]).includes(field));
      for (const [field, message] of fields) form.setError(field as keyof WebhookFormValues, { message }, { shouldFocus: true });
      if (fields.length === 0) form.setError('root', { message: errorMessage(error, 'Failed to save the webhook') });
    }
  });

  const eventsError = errors.events?.message;
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <Field label="URL" hint="An https:// address on the internet: the shop POSTs each event there as JSON." error={errors.url?.message}>
        {({ id, describedBy }) => (
          <input
            id={id}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://erp.example.com/hooks/shop"
            aria-invalid={errors.url ? true : undefined}
            aria-describedby={describedBy}
            className={cn(fieldControlClass, 'h-11')}
            {...form.register('url')}
          />
        )}
      </Field>
      <fieldset aria-describedby={eventsError ? `${eventsId}-error` : `${eventsId}-hint`} className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">Events</legend>
        <p id={`${eventsId}-hint`} className="text-xs text-slate-600">
          What the shop tells this endpoint about.
        </p>
        <Controller
          control={form.control}
          name="events"
          render={({ field }) => (
            <ul className="grid grid-cols-1 gap-x-6 sm:grid-cols-2">
              {WEBHOOK_EVENTS.map((event, index) => (
                <li key={event} className="flex min-h-11 flex-wrap items-center gap-x-2">
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      ref={index === 0 ? field.ref : undefined}
                      type="checkbox"
                      className="h-5 w-5"
                      name={field.name}
                      value={event}
                      checked={field.value.includes(event)}
                      aria-invalid={eventsError ? true : undefined}
                      aria-describedby={`${eventsId}-${index}`}
                      onBlur={field.onBlur}
                      onChange={(change) => field.onChange(change.target.checked ? [...field.value, event] : field.value.filter((chosen) => chosen !== event))}
                    />
                    {EVENT_LABELS[event]}
                  </label>
                  <code id={`${eventsId}-${index}`} className="text-xs text-slate-500">
                    {event}
                  </code>
                </li>
              ))}
            </ul>
          )}
        />
        {eventsError && (
          <p id={`${eventsId}-error`} className="text-sm text-red-600">
            {eventsError}
          </p>
        )}
      </fieldset>
      <Field label="Description (optional)" hint={`What it is for, for your colleagues: ${descriptionLength} of ${MAX_DESCRIPTION_CHARS} characters.`} error={errors.description?.message}>
        {({ id, describedBy }) => (
          <textarea
            id={id}
            rows={2}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={describedBy}
            className={cn(fieldControlClass, 'py-2')}
            {...form.register('description')}
          />
        )}
      </Field>
      {editing && (
        <div className="space-y-1">
          <label className="flex min-h-11 items-center gap-3 text-sm">
            <input type="checkbox" role="switch" className="h-5 w-5" {...form.register('active')} />
            Active
          </label>
          <p className="text-xs text-slate-600">Off, the shop sends it nothing. An endpoint that keeps failing for a day is switched off; switch it on once it answers again.</p>
          {errors.active && <p className="text-sm text-red-600">{errors.active.message}</p>}
        </div>
      )}
      {errors.root && (
        <p role="alert" className="text-sm text-red-600">
          {errors.root.message}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel && (
          <Button type="button" variant="outline" className="h-11" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" className="h-11" disabled={isSubmitting || (editing && !isDirty)}>
          {isSubmitting ? 'Saving...' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
