import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { hideReviewSchema, type HideReviewValues, MAX_REASON_CHARS } from '@/admin/shared/schemas';
import type { AdminReview } from '@/api/types';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { useHideReview } from '../api/moderate-review';

/** 'Hide' opens a form asking why (1 to 200 characters, required; only administrators
 * see it). The server's refusal shows in its words: its `errors.reason` under the field,
 * anything else (the review is gone, 404) below it. Hidden, the dialog closes and the
 * row says so. */
export function HideReviewDialog({ review }: { review: AdminReview }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const hide = useHideReview(review._id);
  const form = useForm<HideReviewValues>({ resolver: zodResolver(hideReviewSchema), defaultValues: { reason: '' } });
  const { errors, isSubmitting } = form.formState;
  const length = useWatch({ control: form.control, name: 'reason' }).trim().length;

  const submit = form.handleSubmit(async ({ reason }) => {
    try {
      await hide.mutateAsync(reason);
      setOpen(false);
      form.reset();
      toast.success(`Review hidden from ${review.productName}`);
    } catch (error) {
      const onField = error instanceof ApiError ? error.errors?.reason : undefined;
      if (onField) form.setError('reason', { message: onField }, { shouldFocus: true });
      else form.setError('root', { message: errorMessage(error, 'Failed to hide the review') });
    }
  });

  const problem = errors.reason?.message;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" className="h-11 md:h-9">
          Hide
        </Button>
      </DialogTrigger>
      <DialogContent title="Hide this review?" description={`It leaves the page of ${review.productName}, and its rating and review count, at once. You can show it again later.`}>
        <form noValidate onSubmit={submit} onChange={() => form.clearErrors('root')} className="space-y-3">
          <blockquote className="line-clamp-3 border-l-2 border-slate-200 pl-3 text-sm text-slate-700">{review.comment}</blockquote>
          <div className="space-y-1">
            <label htmlFor={id} className="block text-sm font-medium text-slate-700">
              Reason
            </label>
            <textarea
              id={id}
              rows={3}
              aria-invalid={problem ? true : undefined}
              aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
              className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm outline-none focus:ring-2 focus:ring-brand aria-[invalid=true]:border-red-500"
              {...form.register('reason')}
            />
            <p id={`${id}-hint`} className="text-xs text-slate-600">
              Only administrators see it. {length} of {MAX_REASON_CHARS} characters.
            </p>
            {problem && (
              <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
                {problem}
              </p>
            )}
          </div>
          {errors.root && (
            <p role="alert" className="text-sm text-red-600">
              {errors.root.message}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Keep it visible
              </Button>
            </DialogClose>
            <Button type="submit" className="bg-red-600 hover:bg-red-700" disabled={isSubmitting}>
              {isSubmitting ? 'Hiding...' : 'Hide review'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
