import { useState } from 'react';
import { toast } from 'sonner';
import { usePermissions } from '@/admin/shared/permissions';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/errors';
import { useMoveReturn } from '../api/move-return';
import { STATUS_LABELS } from '../labels';
import { ACTION_PERMISSIONS, type MoveOutcome, returnActions } from '../return-actions';
import type { Return } from '../types';
import { ReceiveForm } from './receive-form';
import { RejectDialog } from './reject-dialog';
import { ReturnRefundForm } from './return-refund-form';

/** The moves the return allows from where it stands that the signed-in role may make.
 * Approving is one click; rejecting asks why; receiving and refunding open their form
 * here (their button gives way to it). A refusal that names no field (409 'This return is
 * refunded', a payment provider's) shows below, and stays while the page shows where the
 * return now stands. A role that may make none of the return's moves sees no panel. */
export function ReturnActionsPanel({ ret }: { ret: Return }) {
  const approve = useMoveReturn(ret._id);
  const allowed = usePermissions();
  const [open, setOpen] = useState<'receive' | 'refund' | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const possible = returnActions(ret.status);
  const actions = possible.filter((action) => allowed(ACTION_PERMISSIONS[action]));
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

  if (possible.length > 0 && actions.length === 0) return null;
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
