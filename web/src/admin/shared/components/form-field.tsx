import { useId, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '@/lib/utils';

/** The look of a console form's text input, select or text area (its height is the caller's). */
export const fieldControlClass = 'w-full rounded-md border border-slate-300 bg-white px-3 text-sm outline-none focus:ring-2 focus:ring-brand aria-[invalid=true]:border-red-500';

/** A console form's field: a label, a control made by `children` with the ids it needs,
 * a hint and the error, the last two named by the control's aria-describedby. */
export function Field({ label, hint, error, children }: { label: string; hint?: string; error?: string; children: (ids: { id: string; describedBy?: string }) => ReactNode }) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="min-w-0 space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children({ id, describedBy })}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** 'Amount': a refund's amount in rupees, two decimals, with its error under it (the
 * order's Refund box and a return's). `registration` is the form's `register('amount')`. */
export function AmountField({ error, registration }: { error?: string; registration: UseFormRegisterReturn }) {
  return (
    <Field label="Amount" error={error}>
      {({ id, describedBy }) => (
        <input
          id={id}
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0.01"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(fieldControlClass, 'h-11')}
          {...registration}
        />
      )}
    </Field>
  );
}
