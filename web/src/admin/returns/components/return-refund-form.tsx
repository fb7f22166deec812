import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { AmountField } from '@/admin/shared/components/form-field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { formatRupee } from '@/lib/format';
import { type ReturnMove, useMoveReturn } from '../api/move-return';
import { addMoney, type MoveOutcome } from '../return-actions';
import { typedAmount } from '@/admin/shared/schemas';
import { returnRefundSchema, type ReturnRefundValues } from '../return-schema';
import type { Return } from '../types';

type RefundMove = Extract<ReturnMove, { kind: 'refund' }>;

/** 'Refund': the amount, prefilled with the estimate (tax included, without delivery);
 * 'Include delivery (₹X)', offered when the order paid for delivery, adds its fee to the
 * amount (unticked, takes it off again). 'Refund ₹X' asks once more before it is sent, as
 * the order page's Refund box does. The server's `errors.amount` (422 'At most ₹N can be
 * refunded') shows under Amount; any other refusal (409) on the page. */
export function ReturnRefundForm(props: { ret: Return; onClose: () => void } & MoveOutcome) {
  return props.ret.refundEstimate === 0 ? <CloseUnpaid {...props} /> : <RefundForm {...props} />;
}

/** A return none of which came back owes nothing: staff close it, with no amount (the
 * server refunds nothing and tells the customer so). */
function CloseUnpaid({ ret, onClose, onDone, onRefused }: { ret: Return; onClose: () => void } & MoveOutcome) {
  const close = useMoveReturn(ret._id);
  const send = async () => {
    try {
      const { message } = await close.mutateAsync({ kind: 'refund', includeDelivery: false });
      onDone(message || 'Return refunded');
    } catch (error) {
      onRefused(errorMessage(error, 'Failed to close the return'));
    }
  };
  return (
    <div className="space-y-3 border-t border-slate-200 pt-3">
      <p className="text-sm text-slate-700">None of this return came back, so nothing is refunded for it. Closing it tells the customer so.</p>
      <div className="flex flex-wrap gap-2">
        <Button className="h-11 md:h-9" disabled={close.isPending} onClick={() => void send()}>
          Close the return
        </Button>
        <Button type="button" variant="outline" className="h-11 md:h-9" disabled={close.isPending} onClick={onClose}>
          Not yet
        </Button>
      </div>
    </div>
  );
}

function RefundForm({ ret, onClose, onDone, onRefused }: { ret: Return; onClose: () => void } & MoveOutcome) {
  const headingId = useId();
  const refund = useMoveReturn(ret._id);
  const form = useForm<ReturnRefundValues>({ resolver: zodResolver(returnRefundSchema), defaultValues: { amount: ret.refundEstimate.toFixed(2), includeDelivery: false } });
  const { errors } = form.formState;
  const amount = typedAmount(useWatch({ control: form.control, name: 'amount' }));
  // The refund checked and waiting for 'Confirm refund'; null while nothing is asked.
  const [asking, setAsking] = useState<RefundMove | null>(null);

  /** Ticking adds the delivery fee to what is typed, unticking takes it off (from the
   * estimate when what is typed is no amount). */
  const includeDelivery = (checked: boolean) => {
    const typed = typedAmount(form.getValues('amount'));
    const next = typed === null ? addMoney(ret.refundEstimate, checked ? ret.deliveryFee : 0) : addMoney(typed, ret.deliveryFee, checked ? 1 : -1);
    form.setValue('amount', next.toFixed(2));
    form.clearErrors('amount');
  };

  const ask = form.handleSubmit(({ amount: typed, includeDelivery: withDelivery }) => setAsking({ kind: 'refund', amount: Number(typed), includeDelivery: withDelivery }));

  const send = async (move: RefundMove) => {
    try {
      const { message } = await refund.mutateAsync(move);
      onDone(message || 'Return refunded');
    } catch (error) {
      const onField = error instanceof ApiError ? error.errors?.amount : undefined;
      if (onField) form.setError('amount', { message: onField }, { shouldFocus: true });
      else onRefused(errorMessage(error, 'Failed to refund the return'));
    } finally {
      setAsking(null);
    }
  };

  return (
    <>
      <form noValidate onSubmit={ask} aria-labelledby={headingId} className="space-y-3 border-t border-slate-200 pt-3">
        <h3 id={headingId} className="font-semibold">
          Refund return {ret.number}
        </h3>
        <div className="max-w-[12rem]">
          <AmountField error={errors.amount?.message} registration={form.register('amount')} />
        </div>
        {ret.deliveryFee > 0 && (
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input type="checkbox" className="h-4 w-4" {...form.register('includeDelivery', { onChange: (event) => includeDelivery(event.target.checked) })} />
            Include delivery ({formatRupee(ret.deliveryFee)})
          </label>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" className="h-11 md:h-9" disabled={refund.isPending}>
            {amount === null ? 'Refund' : `Refund ${formatRupee(amount)}`}
          </Button>
          <Button type="button" variant="outline" className="h-11 md:h-9" disabled={refund.isPending} onClick={onClose}>
            Not yet
          </Button>
        </div>
      </form>
      <Dialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open && !refund.isPending) setAsking(null);
        }}
      >
        {asking && (
          <DialogContent
            title={`Refund ${formatRupee(asking.amount ?? 0)} for return ${ret.number}?`}
            description={`It is given back on order #${ret.orderNumber}'s payment${asking.includeDelivery ? ', delivery included' : ''}. This cannot be undone.`}
          >
            <div className="flex flex-wrap justify-end gap-2">
              <DialogClose asChild>
                <Button variant="outline" disabled={refund.isPending}>
                  Not yet
                </Button>
              </DialogClose>
              <Button className="bg-red-600 hover:bg-red-700" disabled={refund.isPending} onClick={() => void send(asking)}>
                {refund.isPending ? 'Refunding...' : 'Confirm refund'}
              </Button>
            </div>
          </DialogContent>
        )}
      </Dialog>
    </>
  );
}
