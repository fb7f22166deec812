import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { announce } from '@/lib/announce';
import { errorMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { answerSummary } from '../answer';
import { useReorder } from '../api/reorder';
import type { LineAnswer } from '../api/types';
import { LineResults } from './line-results';

/** 'Buy again' for the signed-in shopper's order `number`: its lines go in the cart at
 * today's prices, and a dialog tells what became of each (a price that changed, a
 * product sold out or gone), with the way to the cart. A refusal is a toast. */
export function BuyAgain({ number }: { number: string }) {
  const reorder = useReorder(number);
  // The last answer, shown until the dialog is closed.
  const [answer, setAnswer] = useState<LineAnswer[] | null>(null);
  const buy = () =>
    reorder.mutate(undefined, {
      onSuccess: (lines) => {
        announce(answerSummary(lines));
        setAnswer(lines);
      },
      onError: (error) => toast.error(errorMessage(error, 'Failed to add the order to your cart')),
    });
  return (
    <>
      <Button variant="outline" size="sm" disabled={reorder.isPending} onClick={buy}>
        {reorder.isPending ? 'Adding to cart...' : 'Buy again'}
      </Button>
      <Dialog open={answer !== null} onOpenChange={(open) => !open && setAnswer(null)}>
        {answer && (
          <DialogContent title={`Buy again: order #${number}`} className="max-w-2xl">
            <LineResults lines={answer} caption={`What became of each line of order #${number}`} />
          </DialogContent>
        )}
      </Dialog>
    </>
  );
}
