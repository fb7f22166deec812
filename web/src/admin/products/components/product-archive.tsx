import { useState } from 'react';
import { toast } from 'sonner';
import type { AdminProduct } from '@/api/types';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/errors';
import { useSetProductArchived } from '../api/archive-product';

/** Whether the product is in the shop, and the button that takes it out (after a
 * confirmation) or brings it back. An ordered product is archived, not deleted: orders keep it. */
export function ProductArchive({ product }: { product: AdminProduct }) {
  const change = useSetProductArchived(product._id);
  const [open, setOpen] = useState(false);

  const archive = () =>
    change.mutate(true, {
      onSuccess: () => toast.success('Product archived'),
      onSettled: () => setOpen(false),
    });
  const unarchive = () => change.mutate(false, { onSuccess: () => toast.success('Product unarchived') });

  return (
    <section aria-labelledby="archive-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="archive-heading" className="text-base font-semibold">
        Archiving
      </h2>
      {product.archived ? (
        <>
          <p className="text-sm">Archived: shoppers cannot see or buy it. Old orders still show it. Unarchiving puts it back in the shop as it is here.</p>
          <Button variant="outline" className="h-11" disabled={change.isPending} onClick={unarchive}>
            {change.isPending ? 'Saving...' : 'Unarchive'}
          </Button>
        </>
      ) : (
        <>
          <p className="text-sm">On sale. Archive it to take it out of the shop; it stays in old orders and can be unarchived later.</p>
          <Dialog open={open} onOpenChange={setOpen}>
            <DialogTrigger asChild>
              <Button variant="outline" className="h-11 border-red-300 text-red-700 hover:bg-red-50" onClick={() => change.reset()}>
                Archive
              </Button>
            </DialogTrigger>
            <DialogContent
              title={`Archive ${product.name}?`}
              description="It leaves the shop: its page, searches, carts and wishlists. It stays in old orders, and here under Archived, from where it can be unarchived."
            >
              <div className="flex flex-wrap justify-end gap-2">
                <DialogClose asChild>
                  <Button variant="outline">Keep it in the shop</Button>
                </DialogClose>
                <Button className="bg-red-600 hover:bg-red-700" disabled={change.isPending} onClick={archive}>
                  {change.isPending ? 'Saving...' : 'Yes, archive it'}
                </Button>
              </div>
            </DialogContent>
          </Dialog>
        </>
      )}
      {change.isError && (
        <p role="alert" className="text-sm text-red-600">
          {errorMessage(change.error, product.archived ? 'Failed to unarchive the product' : 'Failed to archive the product')}
        </p>
      )}
    </section>
  );
}
