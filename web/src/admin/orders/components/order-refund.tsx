import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { AmountField, Field, fieldControlClass } from '@/admin/shared/components/form-field';
import { MAX_REFUND_REASON_CHARS, refundSchema, type RefundValues } from '@/admin/shared/schemas';
import type { Order } from '@/api/types';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { formatRupee } from '@/lib/format';
import { cn } from '@/lib/utils';
import { type RefundRequest, useRefundOrder } from '../api/refund-order';
import { mayRefund, refundLeft } from '../order-actions';

/** 'Refund': what the order paid and what was given back so far, and a form to give back
 * part or all of what is left, with a reason, asked once more before it is sent. Shown
 * only while something paid is left to give back. */
export function OrderRefund({ order }: { order: Order }) {
  if (!mayRefund(order)) return null;
  return (
    <section aria-labelledby="refund-heading" className="space-y-3 rounded-lg border border-slate-200 p-4 print:hidden">
      <h2 id="refund-heading" className="text-base font-semibold">
        Refund
      </h2>
      <p className="text-sm text-slate-700">
        Paid {formatRupee(order.total)} · Refunded {formatRupee(order.refunded)}
      </p>
      {/* A fresh form after each refund, prefilled with what is then left. */}
      <RefundForm key={order.refunded} order={order} />
    </section>
  );
}

/** The question before a refund goes: to the card through the provider, or recorded for
 * money given back by hand. */
function confirmation({ paymentMethod, card }: Pick<Order, 'paymentMethod' | 'card'>, amount: number): { title: string; description: string } {
  const money = formatRupee(amount);
  if (paymentMethod === 'card') {
    return {
      title: card ? `Refund ${money} to the card ending ${card.last4}?` : `Refund ${money} to the card?`,
      description: 'The payment provider gives it back and the customer is e-mailed. This cannot be undone.',
    };
  }
  return { title: `Record a refund of ${money}?`, description: 'Give the money back by hand: this records it on the order and e-mails the customer. This cannot be undone.' };
}

/** The server's field messages go under their fields; any other refusal (409, say) below
 * the form. */
function RefundForm({ order }: { order: Order }) {
  const refund = useRefundOrder(order.number);
  const form = useForm<RefundValues>({ resolver: zodResolver(refundSchema), defaultValues: { amount: refundLeft(order).toFixed(2), reason: '' } });
  const { errors } = form.formState;
  const length = useWatch({ control: form.control, name: 'reason' }).trim().length;
  // The refund checked and waiting for 'Yes, refund'; null while nothing is asked.
  const [asking, setAsking] = useState<RefundRequest | null>(null);

  const ask = form.handleSubmit(({ amount, reason }) => setAsking({ amount: Number(amount), reason }));

  const send = async (body: RefundRequest) => {
    try {
      const { message } = await refund.mutateAsync(body);
      toast.success(message || 'Refund recorded');
    } catch (error) {
      const fields = error instanceof ApiError ? (error.errors ?? {}) : {};
      const named = (['amount', 'reason'] as const).filter((name) => fields[name]);
      named.forEach((name, i) => form.setError(name, { message: fields[name] }, { shouldFocus: i === 0 }));
      if (named.length === 0) form.setError('root', { message: errorMessage(error, 'Failed to refund the order') });
    } finally {
      setAsking(null);
    }
  };

  const question = asking && confirmation(order, asking.amount);
  return (
    <>
      <form noValidate onSubmit={ask} onChange={() => form.clearErrors('root')} className="space-y-3">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-[10rem_1fr]">
          <AmountField error={errors.amount?.message} registration={form.register('amount')} />
          <Field label="Reason" hint={`For the shop's records and the activity log; the customer does not see it. ${length} of ${MAX_REFUND_REASON_CHARS} characters.`} error={errors.reason?.message}>
            {({ id, describedBy }) => (
              <textarea
                id={id}
                rows={2}
                required
                maxLength={MAX_REFUND_REASON_CHARS}
                aria-invalid={errors.reason ? true : undefined}
                aria-describedby={describedBy}
                className={cn(fieldControlClass, 'py-2')}
                {...form.register('reason')}
              />
            )}
          </Field>
        </div>
        <Button type="submit" variant="outline" className="h-11 md:h-9" disabled={refund.isPending}>
          {refund.isPending ? 'Refunding...' : 'Refund'}
        </Button>
        {errors.root && (
          <p role="alert" className="text-sm text-red-600">
            {errors.root.message}
          </p>
        )}
      </form>
      <Dialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open && !refund.isPending) setAsking(null);
        }}
      >
        {asking && question && (
          <DialogContent title={question.title} description={question.description}>
            <div className="flex flex-wrap justify-end gap-2">
              <DialogClose asChild>
                <Button variant="outline" disabled={refund.isPending}>
                  Not yet
                </Button>
              </DialogClose>
              <Button className="bg-red-600 hover:bg-red-700" disabled={refund.isPending} onClick={() => void send(asking)}>
                {refund.isPending ? 'Refunding...' : 'Yes, refund'}
              </Button>
            </div>
          </DialogContent>
        )}
      </Dialog>
    </>
  );
}
