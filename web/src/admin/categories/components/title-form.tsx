import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { inputClass } from '@/admin/shared/components/filter-controls';
import { titleSchema, type TitleValues } from '@/admin/shared/schemas';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { cn } from '@/lib/utils';

/** The title of a category or sub-category: a new one (the field empties once it is
 * saved) or a new name for one (`initial`, with Cancel). Checked by the server's rules
 * first; the server's own refusal of the title (`errors.title`, or a title another one
 * has, 409) shows under the field, anything else below the form. `save` rejects with
 * the ApiError. */
export function TitleForm({
  label,
  submitLabel,
  initial = '',
  autoFocus = false,
  save,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  initial?: string;
  autoFocus?: boolean;
  save: (title: string) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const id = useId();
  const form = useForm<TitleValues>({ resolver: zodResolver(titleSchema), defaultValues: { title: initial } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ title }) => {
    try {
      await save(title);
      if (!onCancel) form.reset({ title: '' });
    } catch (error) {
      const onField = error instanceof ApiError ? (error.errors?.title ?? (error.status === 409 ? error.message : undefined)) : undefined;
      if (onField) form.setError('title', { message: onField }, { shouldFocus: true });
      else form.setError('root', { message: errorMessage(error, 'Failed to save the title') });
    }
  });

  const problem = errors.title?.message;
  return (
    <form noValidate onSubmit={submit} onChange={() => form.clearErrors('root')} className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={id}
          autoComplete="off"
          // A new name opens where the old one was: typing starts at once, Escape goes back.
          autoFocus={autoFocus}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && onCancel) onCancel();
          }}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
          className={cn(inputClass, 'w-auto min-w-0 flex-1 basis-48 aria-[invalid=true]:border-red-500')}
          {...form.register('title')}
        />
        <Button type="submit" className="h-11 md:h-9" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" variant="outline" className="h-11 md:h-9" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
      {problem && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {problem}
        </p>
      )}
      {errors.root && (
        <p role="alert" className="text-sm text-red-600">
          {errors.root.message}
        </p>
      )}
    </form>
  );
}
