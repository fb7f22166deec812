import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/errors';
import { useTrackOrder } from '../api/track-order';
import { trackOrderSchema, type TrackOrderForm as Values } from '../schemas';

/** Order number and e-mail: the server mails the order's link to that address if they
 * match, and answers with the same sentence either way, which is shown as it comes. */
export function TrackOrderForm() {
  const track = useTrackOrder();
  const form = useForm<Values>({ resolver: zodResolver(trackOrderSchema), defaultValues: { number: '', emailAddress: '' } });
  const { errors } = form.formState;
  return (
    <form noValidate aria-label="Track your order" className="space-y-4" onSubmit={form.handleSubmit((values) => track.mutate(values))}>
      <FormField label="Order number" inputMode="numeric" autoComplete="off" error={errors.number?.message} {...form.register('number')} />
      <FormField label="Email Address" type="email" autoComplete="email" error={errors.emailAddress?.message} {...form.register('emailAddress')} />
      <Button type="submit" className="w-full" disabled={track.isPending}>
        {track.isPending ? 'Sending...' : 'Track order'}
      </Button>
      {track.isSuccess && (
        <p role="status" className="rounded-md bg-sky-50 p-3 text-sm text-sky-900">
          {track.data}
        </p>
      )}
      {track.isError && (
        <p role="alert" className="text-sm text-red-600">
          {errorMessage(track.error, 'Failed to send the order link')}
        </p>
      )}
    </form>
  );
}
