import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { inputClass } from '@/admin/shared/components/filter-controls';
import { bannerLinkSchema, type BannerLinkValues } from '@/admin/shared/schemas';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { cn } from '@/lib/utils';

/** Where a banner links, as the home page's carousel uses it: a path in the shop or an
 * https address. */
export const LINK_HINT = 'A path in the shop, like /shop?category=… or /product/… (copy it from the shop’s address bar), or an https:// address.';

/** A banner's new link, checked by the server's rules; the server's `errors.url` shows
 * under the field, anything else below the form. `save` rejects with the ApiError. */
export function BannerLinkForm({ label, initial, save, onCancel }: { label: string; initial: string; save: (url: string) => Promise<unknown>; onCancel: () => void }) {
  const id = useId();
  const form = useForm<BannerLinkValues>({ resolver: zodResolver(bannerLinkSchema), defaultValues: { url: initial } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ url }) => {
    try {
      await save(url);
    } catch (error) {
      const onField = error instanceof ApiError ? error.errors?.url : undefined;
      if (onField) form.setError('url', { message: onField }, { shouldFocus: true });
      else form.setError('root', { message: errorMessage(error, 'Failed to save the link') });
    }
  });

  const problem = errors.url?.message;
  return (
    <form noValidate onSubmit={submit} onChange={() => form.clearErrors('root')} className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={id}
          autoComplete="off"
          autoFocus
          inputMode="url"
          onKeyDown={(event) => {
            if (event.key === 'Escape') onCancel();
          }}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
          className={cn(inputClass, 'w-auto min-w-0 flex-1 basis-56 aria-[invalid=true]:border-red-500')}
          {...form.register('url')}
        />
        <Button type="submit" className="h-11 md:h-9" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save link'}
        </Button>
        <Button type="button" variant="outline" className="h-11 md:h-9" onClick={onCancel}>
          Cancel
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {LINK_HINT}
      </p>
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
