import { useState, type ReactElement } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/errors';
import { useDeletePaymentMethod } from '../api/delete-payment-method';
import type { PaymentMethod } from '../api/types';
import { cardLabel } from '../cards';

/** 'Remove Payment Method', opened by `trigger`, with No / Yes (spec §2). Yes removes the
 * card and says so; the list then shows the cards as the server has them. */
export function RemoveCardDialog({ card, trigger }: { card: PaymentMethod; trigger: ReactElement }) {
  const [open, setOpen] = useState(false);
  const remove = useDeletePaymentMethod();
  const confirm = () =>
    remove.mutate(card._id, {
      onSuccess: (message) => {
        setOpen(false);
        toast.success(message || 'Payment method removed');
      },
      onError: (error) => {
        setOpen(false);
        toast.error(errorMessage(error, 'Failed to remove the card'));
      },
    });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent title="Remove Payment Method" description={`Remove the ${cardLabel(card)} card?`} className="max-w-sm">
        <div className="flex justify-end gap-3">
          <DialogClose asChild>
            <Button variant="outline">No</Button>
          </DialogClose>
          <Button disabled={remove.isPending} onClick={confirm}>
            Yes
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
