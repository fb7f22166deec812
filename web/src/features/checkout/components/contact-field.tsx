import type { UseFormRegisterReturn } from 'react-hook-form';

/** One contact input with its label (starred when required) and below it its message,
 * or until there is one its `hint` (the format it wants). */
export function ContactField({
  id,
  label,
  required,
  type = 'text',
  autoComplete,
  hint,
  maxLength,
  error,
  registration,
}: {
  id: string;
  label: string;
  required: boolean;
  type?: string;
  autoComplete: string;
  hint?: string;
  maxLength?: number;
  error?: string;
  registration: UseFormRegisterReturn;
}) {
  const note = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
        {required && <span className="text-red-600">*</span>}
      </label>
      <input
        id={id}
        type={type}
        autoComplete={autoComplete}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={note}
        className="h-11 w-full rounded-md border border-slate-300 bg-slate-50 px-3 text-sm outline-none focus:ring-2 focus:ring-brand"
        {...registration}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-600">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            {hint}
          </p>
        )
      )}
    </div>
  );
}
