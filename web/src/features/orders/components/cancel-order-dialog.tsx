import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/errors';
import { useCancelOrder } from '../api/cancel-order';
import type { Order } from '../api/types';

/** What cancelling gives back to the card a paid order was paid with: all of it, or
 * what is left after a partial refund. */
function cardRefund({ paymentStatus, paymentMethod }: Pick<Order, 'paymentStatus' | 'paymentMethod'>): string {
  if (paymentMethod !== 'card') return '';
  if (paymentStatus === 'paid') return ' The payment is refunded to your card.';
  if (paymentStatus === 'partially_refunded') return ' What is left of the payment is refunded to your card.';
  return '';
}

/** 'Cancel order', asked once more in a dialog; the page then shows the cancelled order
 * (refunded, if it was paid by card). */
export function CancelOrderDialog({ order, token }: { order: Pick<Order, 'number' | 'paymentStatus' | 'paymentMethod'>; token: string | null }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelOrder(order.number, token);
  const confirm = () =>
    cancel.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        toast.success(`Order #${order.number} has been cancelled`);
      },
      onError: (error) => {
        setOpen(false);
        toast.error(errorMessage(error, 'Failed to cancel the order'));
      },
    });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" className="border-red-300 text-red-700 hover:bg-red-50">
          Cancel order
        </Button>
      </DialogTrigger>
      <DialogContent title="Cancel this order?" description={`Order #${order.number} will be cancelled and its items put back on sale.${cardRefund(order)} This cannot be undone.`}>
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">Keep order</Button>
          </DialogClose>
          <Button className="bg-red-600 hover:bg-red-700" disabled={cancel.isPending} onClick={confirm}>
            {cancel.isPending ? 'Cancelling...' : 'Yes, cancel order'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
