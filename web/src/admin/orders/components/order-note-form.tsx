import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { MAX_NOTE_CHARS, orderNoteSchema, type OrderNoteValues } from '@/admin/shared/schemas';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/errors';
import { useAddOrderNote } from '../api/add-order-note';

/** 'Internal note': a note for the shop's staff on the order's timeline. The customer
 * neither sees it nor is e-mailed; the server's refusal shows below the field. */
export function OrderNoteForm({ number }: { number: string }) {
  const id = useId();
  const add = useAddOrderNote(number);
  const form = useForm<OrderNoteValues>({ resolver: zodResolver(orderNoteSchema), defaultValues: { note: '' } });
  const { errors } = form.formState;
  const length = useWatch({ control: form.control, name: 'note' }).trim().length;

  const submit = form.handleSubmit(({ note }) =>
    add.mutateAsync(note).then(
      () => {
        form.reset();
        toast.success(`Note added to order #${number}`);
      },
      (error: unknown) => form.setError('root', { message: errorMessage(error, 'Failed to add the note') }),
    ),
  );

  const problem = errors.note?.message ?? errors.root?.message;
  return (
    <form noValidate onSubmit={submit} onChange={() => form.clearErrors('root')} className="space-y-2 border-t border-slate-200 pt-3 print:hidden">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        Internal note
      </label>
      <textarea
        id={id}
        rows={3}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
        className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm outline-none focus:ring-2 focus:ring-brand aria-[invalid=true]:border-red-500"
        {...form.register('note')}
      />
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        Only the shop's staff see it; the customer is not told. {length} of {MAX_NOTE_CHARS} characters.
      </p>
      {problem && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {problem}
        </p>
      )}
      <Button type="submit" variant="outline" className="h-11 md:h-9" disabled={add.isPending}>
        {add.isPending ? 'Adding...' : 'Add note'}
      </Button>
    </form>
  );
}
