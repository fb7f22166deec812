import { zodResolver } from '@hookform/resolvers/zod';
import { useDeferredValue, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { SafeMarkdown } from '@/components/content/markdown';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { MAX_BODY_CHARS, MAX_TITLE_CHARS, PAGE_FIELDS, pageSchema, type PageFormValues } from '../page-schema';

/** A page's title and Markdown body, with a preview shown as the shop will show it (raw
 * HTML as text). Checked as the server checks; its `errors` land on the fields they name
 * and its message shows above the button. `save` rejects with the ApiError. */
export function PageForm({ initial, save }: { initial: PageFormValues; save: (values: PageFormValues) => Promise<unknown> }) {
  const form = useForm<PageFormValues>({ resolver: zodResolver(pageSchema), defaultValues: initial });
  const { errors, isSubmitting } = form.formState;
  const bodyId = useId();
  const body = useWatch({ control: form.control, name: 'body' });
  const title = useWatch({ control: form.control, name: 'title' });
  // A long page re-renders its preview after the keystroke, not during it.
  const preview = useDeferredValue(body);

  const submit = form.handleSubmit(async (values) => {
    try {
      await save(values);
    } catch (error) {
      for (const [field, message] of Object.entries(error instanceof ApiError ? (error.errors ?? {}) : {})) {
        if ((PAGE_FIELDS as readonly string[]).includes(field)) form.setError(field as keyof PageFormValues, { message }, { shouldFocus: true });
      }
      form.setError('root', { message: errorMessage(error, 'Failed to save the page') });
    }
  });

  const bodyNote = errors.body ? `${bodyId}-error` : `${bodyId}-hint`;
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <FormField label="Title" maxLength={MAX_TITLE_CHARS} hint="1 to 120 characters: the page's heading and the browser tab's title." error={errors.title?.message} {...form.register('title')} />
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="min-w-0 space-y-1">
          <label htmlFor={bodyId} className="block text-sm font-medium text-slate-700">
            Body (Markdown)
          </label>
          <textarea
            id={bodyId}
            rows={18}
            aria-invalid={errors.body ? true : undefined}
            aria-describedby={bodyNote}
            className="w-full rounded-md border border-slate-300 bg-white p-3 font-mono text-sm outline-none focus:ring-2 focus:ring-brand aria-[invalid=true]:border-red-500"
            {...form.register('body')}
          />
          {errors.body ? (
            <p id={`${bodyId}-error`} className="text-sm text-red-600">
              {errors.body.message}
            </p>
          ) : (
            <p id={`${bodyId}-hint`} className="text-xs text-slate-600">
              ## for a heading, **bold**, - for a list, [text](https://…) for a link. HTML is shown as text. {[...(body ?? '')].length.toLocaleString('en-US')} of{' '}
              {MAX_BODY_CHARS.toLocaleString('en-US')} characters.
            </p>
          )}
        </div>
        <section aria-labelledby={`${bodyId}-preview`} className="min-w-0 space-y-1">
          <h2 id={`${bodyId}-preview`} className="text-sm font-medium text-slate-700">
            Preview
          </h2>
          <div className="rounded-md border border-slate-200 bg-white p-4">
            <p className="mb-4 text-2xl font-bold">{title}</p>
            <SafeMarkdown text={preview ?? ''} />
          </div>
        </section>
      </div>
      {errors.root && (
        <p role="alert" className="text-sm text-red-600">
          {errors.root.message}
        </p>
      )}
      <Button type="submit" className="h-11 w-full sm:w-auto" disabled={isSubmitting}>
        {isSubmitting ? 'Saving...' : 'Save page'}
      </Button>
    </form>
  );
}
