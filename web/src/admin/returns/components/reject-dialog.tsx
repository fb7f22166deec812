import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { useMoveReturn } from '../api/move-return';
import type { MoveOutcome } from '../return-actions';
import { MAX_REJECT_REASON_CHARS, rejectSchema, type RejectValues } from '../return-schema';
import type { Return } from '../types';

/** 'Reject' opens a form asking why (1 to 500 characters, required; the shopper is told).
 * The server's `errors.reason` shows under the field and keeps the dialog open; any other
 * refusal closes it and shows on the page. */
export function RejectDialog({ ret, onOpen, onDone, onRefused }: { ret: Return; onOpen: () => void } & MoveOutcome) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const reject = useMoveReturn(ret._id);
  const form = useForm<RejectValues>({ resolver: zodResolver(rejectSchema), defaultValues: { reason: '' } });
  const { errors, isSubmitting } = form.formState;
  const length = useWatch({ control: form.control, name: 'reason' }).trim().length;

  const submit = form.handleSubmit(async ({ reason }) => {
    try {
      const { message } = await reject.mutateAsync({ kind: 'reject', reason });
      setOpen(false);
      form.reset();
      onDone(message || 'Return rejected');
    } catch (error) {
      const onField = error instanceof ApiError ? error.errors?.reason : undefined;
      if (onField) {
        form.setError('reason', { message: onField }, { shouldFocus: true });
        return;
      }
      setOpen(false);
      onRefused(errorMessage(error, 'Failed to reject the return'));
    }
  });

  const problem = errors.reason?.message;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) onOpen();
        else form.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" className="h-11 border-red-300 text-red-700 hover:bg-red-50">
          Reject
        </Button>
      </DialogTrigger>
      <DialogContent title={`Reject return ${ret.number}?`} description="Nothing comes back and nothing is refunded. The shopper sees the reason. This cannot be undone.">
        <form noValidate onSubmit={submit} className="space-y-3">
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
              Shown to the shopper. {length} of {MAX_REJECT_REASON_CHARS} characters.
            </p>
            {problem && (
              <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
                {problem}
              </p>
            )}
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Not yet
              </Button>
            </DialogClose>
            <Button type="submit" className="bg-red-600 hover:bg-red-700" disabled={isSubmitting}>
              {isSubmitting ? 'Rejecting...' : 'Reject return'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
