import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { adminPaths } from '@/admin/shared/admin-paths';
import type { AdminProduct } from '@/api/types';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/errors';
import { useDeleteProduct } from '../api/delete-product';

/** The button that deletes a product made by mistake, after a confirmation, and goes back
 * to the products table. The server refuses a product any order names (409, in its own
 * words, shown here): that one is archived instead, with the button above this one. */
export function ProductDelete({ product }: { product: AdminProduct }) {
  const remove = useDeleteProduct(product._id);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);

  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success('Product deleted');
        // Replaced, so Back does not lead to a product that is gone.
        navigate(adminPaths.products, { replace: true });
      },
      onError: () => setOpen(false),
    });

  return (
    <section aria-labelledby="delete-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="delete-heading" className="text-base font-semibold">
        Deleting
      </h2>
      <p className="text-sm">Only for a product made by mistake. A product that has been ordered cannot be deleted: archive it instead.</p>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button variant="outline" className="h-11 border-red-300 text-red-700 hover:bg-red-50" onClick={() => remove.reset()}>
            Delete product
          </Button>
        </DialogTrigger>
        <DialogContent
          title={`Delete ${product.name}?`}
          description="This is for a product made by mistake: it removes the product, its photos and its reviews for good. A product that has been ordered cannot be deleted; archive it instead."
        >
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">Keep it</Button>
            </DialogClose>
            <Button className="bg-red-600 hover:bg-red-700" disabled={remove.isPending} onClick={confirm}>
              {remove.isPending ? 'Deleting...' : 'Yes, delete it for good'}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
      {remove.isError && (
        <p role="alert" className="text-sm text-red-600">
          {errorMessage(remove.error, 'Failed to delete the product')}
        </p>
      )}
    </section>
  );
}
