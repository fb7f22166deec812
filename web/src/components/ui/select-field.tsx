import { useId, type ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A labelled native select with its error below it, or until there is one its `hint`:
 * FormField's look and wiring for a choice. */
export function SelectField({ label, error, hint, className, children, ...props }: { label: string; error?: string; hint?: string } & ComponentProps<'select'>) {
  const id = useId();
  const note = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={cn('space-y-1', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={note}
        className="h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-sm outline-none focus:ring-2 focus:ring-brand disabled:bg-slate-50 disabled:text-slate-500 aria-[invalid=true]:border-red-500"
        {...props}
      >
        {children}
      </select>
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
