import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { inputClass } from '@/admin/shared/components/filter-controls';
import { newBannerSchema, type NewBannerValues } from '@/admin/shared/schemas';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { cn } from '@/lib/utils';
import { useCreateBanner } from '../api/create-banner';
import { LINK_HINT } from './banner-link-form';

const ACCEPTED = 'image/jpeg,image/png,image/gif,image/webp';

/** The statuses with which the server refuses the image itself: too large (413), not an
 * image it takes (415), unreadable (422). */
const IMAGE_REFUSALS = new Set([413, 415, 422]);

/** A new banner, put after the others: one image and its link, checked by the server's
 * rules first. The server's refusals show on the field they concern in its words: the
 * image's (its `errors.image`, or a 413, 415 or 422) under the image, the link's under
 * the link, anything else below the form. Nothing is added then. */
export function NewBannerForm() {
  const id = useId();
  const create = useCreateBanner();
  const form = useForm<NewBannerValues>({ resolver: zodResolver(newBannerSchema), defaultValues: { image: undefined, url: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ image, url }) => {
    try {
      await create.mutateAsync({ image: image![0], url });
      form.reset();
      toast.success('Banner added after the others');
    } catch (error) {
      const api = error instanceof ApiError ? error : null;
      const imageProblem = api?.errors?.image ?? (api && IMAGE_REFUSALS.has(api.status) ? api.message : undefined);
      if (api?.errors?.url) form.setError('url', { message: api.errors.url }, { shouldFocus: !imageProblem });
      if (imageProblem) form.setError('image', { message: imageProblem }, { shouldFocus: true });
      if (!imageProblem && !api?.errors?.url) form.setError('root', { message: errorMessage(error, 'Failed to add the banner') });
    }
  });

  const field = (name: 'image' | 'url') => {
    const problem = errors[name]?.message;
    return {
      id: `${id}-${name}`,
      'aria-invalid': problem ? true : undefined,
      'aria-describedby': `${id}-${name}-hint${problem ? ` ${id}-${name}-error` : ''}`,
    };
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id={`${id}-heading`} className="text-base font-semibold">
        Add a banner
      </h2>
      <form noValidate onSubmit={submit} onChange={() => form.clearErrors('root')} className="space-y-3">
        <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
          <div className="min-w-0 space-y-1">
            <label htmlFor={`${id}-image`} className="block text-sm font-medium text-slate-700">
              Image
            </label>
            <input
              type="file"
              accept={ACCEPTED}
              {...field('image')}
              {...form.register('image')}
              className="block w-full min-w-0 text-sm file:mr-3 file:h-11 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-4 file:text-sm file:font-medium hover:file:bg-slate-50 md:file:h-9"
            />
            <p id={`${id}-image-hint`} className="text-xs text-slate-600">
              JPEG, PNG, GIF or WebP, at most 10 MB. The carousel shows it across the page at its own proportions: give every banner the same shape, such as 1600 × 500.
            </p>
            {errors.image && (
              <p id={`${id}-image-error`} role="alert" className="text-sm text-red-600">
                {errors.image.message}
              </p>
            )}
          </div>
          <div className="min-w-0 space-y-1">
            <label htmlFor={`${id}-url`} className="block text-sm font-medium text-slate-700">
              Link
            </label>
            <input autoComplete="off" inputMode="url" placeholder="/shop?category=…" {...field('url')} {...form.register('url')} className={cn(inputClass, 'aria-[invalid=true]:border-red-500')} />
            <p id={`${id}-url-hint`} className="text-xs text-slate-600">
              {LINK_HINT}
            </p>
            {errors.url && (
              <p id={`${id}-url-error`} className="text-sm text-red-600">
                {errors.url.message}
              </p>
            )}
          </div>
        </div>
        {errors.root && (
          <p role="alert" className="text-sm text-red-600">
            {errors.root.message}
          </p>
        )}
        <Button type="submit" className="h-11 w-full sm:w-auto md:h-10" disabled={isSubmitting}>
          {isSubmitting ? 'Uploading...' : 'Add banner'}
        </Button>
      </form>
    </section>
  );
}
