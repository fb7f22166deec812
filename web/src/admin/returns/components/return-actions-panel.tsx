import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/errors';
import { useMoveReturn } from '../api/move-return';
import { STATUS_LABELS } from '../labels';
import { type MoveOutcome, returnActions } from '../return-actions';
import type { Return } from '../types';
import { ReceiveForm } from './receive-form';
import { RejectDialog } from './reject-dialog';
import { ReturnRefundForm } from './return-refund-form';

/** The moves the return allows from where it stands. Approving is one click; rejecting
 * asks why; receiving and refunding open their form here (their button gives way to it).
 * A refusal that names no field (409 'This return is refunded', a payment provider's)
 * shows below, and stays while the page shows where the return now stands. */
export function ReturnActionsPanel({ ret }: { ret: Return }) {
  const approve = useMoveReturn(ret._id);
  const [open, setOpen] = useState<'receive' | 'refund' | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const actions = returnActions(ret.status);
  // A form stays open only while its move is still on offer.
  const shown = open && actions.includes(open) ? open : null;

  const outcome: MoveOutcome = {
    onDone: (message) => {
      setOpen(null);
      setRefused(null);
      toast.success(message);
    },
    onRefused: setRefused,
  };
  const start = (form: 'receive' | 'refund') => {
    setRefused(null);
    setOpen(form);
  };

  return (
    <section aria-labelledby="return-actions-heading" className="space-y-3 rounded-lg border border-slate-200 p-4">
      <h2 id="return-actions-heading" className="text-base font-semibold">
        Actions
      </h2>
      {actions.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing more to do: this return is {(STATUS_LABELS[ret.status] ?? ret.status).toLowerCase()}.</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {actions.map((action) => {
            switch (action) {
              case 'approve':
                return (
                  <Button
                    key={action}
                    className="h-11"
                    disabled={approve.isPending}
                    onClick={() => {
                      setRefused(null);
                      approve.mutate(
                        { kind: 'approve' },
                        { onSuccess: ({ message }) => outcome.onDone(message || 'Return approved'), onError: (error) => setRefused(errorMessage(error, 'Failed to approve the return')) },
                      );
                    }}
                  >
                    {approve.isPending ? 'Approving...' : 'Approve'}
                  </Button>
                );
              case 'reject':
                return <RejectDialog key={action} ret={ret} onOpen={() => setRefused(null)} {...outcome} />;
              default:
                return shown === action ? null : (
                  <Button key={action} variant={action === 'refund' ? 'outline' : 'default'} className="h-11" onClick={() => start(action)}>
                    {action === 'receive' ? 'Receive' : 'Refund'}
                  </Button>
                );
            }
          })}
        </div>
      )}
      {shown === 'receive' && <ReceiveForm ret={ret} onClose={() => setOpen(null)} {...outcome} />}
      {shown === 'refund' && <ReturnRefundForm ret={ret} onClose={() => setOpen(null)} {...outcome} />}
      {refused && (
        <p role="alert" className="text-sm text-red-600">
          {refused}
        </p>
      )}
    </section>
  );
}
