import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useCancelReturn } from '../api/cancel-return';
import type { Return } from '../api/types';

/** 'Cancel return', asked once more in a dialog, while the return is still `requested`;
 * the page then shows it cancelled. `token` is how the page was opened. */
export function CancelReturnDialog({ item, token }: { item: Pick<Return, '_id' | 'number'>; token: string | null }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelReturn(item._id, token);
  const confirm = () =>
    cancel.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        toast.success(`Return ${item.number} has been cancelled`);
      },
      onError: (error) => {
        setOpen(false);
        toast.error(errorMessage(error, 'Failed to cancel the return'));
      },
    });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" className="border-red-300 text-red-700 hover:bg-red-50">
          Cancel return
        </Button>
      </DialogTrigger>
      <DialogContent title="Cancel this return?" description={`Return ${item.number} will be cancelled. While the return window is open you can ask again.`}>
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">Keep return</Button>
          </DialogClose>
          <Button className="bg-red-600 hover:bg-red-700" disabled={cancel.isPending} onClick={confirm}>
            {cancel.isPending ? 'Cancelling...' : 'Yes, cancel return'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
