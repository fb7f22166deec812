import { Eye, EyeOff } from 'lucide-react';
import { useId, useState, type ComponentProps } from 'react';
import { cn } from '@/lib/utils';

const inputClass = 'h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-sm outline-none focus:ring-2 focus:ring-brand aria-[invalid=true]:border-red-500';

/** A labelled input with its error below it, or until there is one its `hint`. */
export function FormField({ label, error, hint, className, type = 'text', ...props }: { label: string; error?: string; hint?: string } & ComponentProps<'input'>) {
  const id = useId();
  const note = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  const [shown, setShown] = useState(false);
  const password = type === 'password';
  return (
    <div className={cn('space-y-1', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type={password && shown ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={note}
          className={cn(inputClass, password && 'pr-11')}
          {...props}
        />
        {password && (
          <button
            type="button"
            onClick={() => setShown((value) => !value)}
            aria-label={shown ? 'Hide password' : 'Show password'}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center text-slate-500 hover:text-slate-800"
          >
            {shown ? <EyeOff className="h-4 w-4" aria-hidden="true" /> : <Eye className="h-4 w-4" aria-hidden="true" />}
          </button>
        )}
      </div>
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
