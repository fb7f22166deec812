import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { adminPaths } from '@/admin/shared/admin-paths';
import { ConfirmDialog } from '@/admin/shared/components/confirm-dialog';
import type { DeliveryMethod } from '@/api/types';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/errors';
import { useDeleteDeliveryMethod } from '../api/delivery-methods';

/** 'Delete', after a question; then back to the list. Only a method that is not the
 * default has the button, but the default may have moved since the page loaded: the
 * server's refusal (409 'The default delivery method cannot be deleted', 404) shows
 * here, and stays when the list, read again, shows the method is the default now. */
export function DeleteDeliveryMethod({ method }: { method: DeliveryMethod }) {
  const navigate = useNavigate();
  const remove = useDeleteDeliveryMethod(method._id);
  const [problem, setProblem] = useState<string | null>(null);
  const del = () => {
    setProblem(null);
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success(`Delivery method ${method.name} deleted`);
        navigate(adminPaths.deliveryMethods);
      },
      onError: (error) => setProblem(errorMessage(error, 'Failed to delete the delivery method')),
    });
  };
  if (method.isDefault && !problem) return null;
  return (
    <div className="space-y-2 border-t border-slate-200 pt-4">
      {!method.isDefault && (
        <ConfirmDialog
          trigger={
            <Button variant="outline" className="h-11 border-red-300 text-red-700 hover:bg-red-50" disabled={remove.isPending}>
              {remove.isPending ? 'Deleting...' : 'Delete'}
            </Button>
          }
          title={`Delete ${method.name}?`}
          description="Checkouts stop offering it at once; orders that used it keep its name. This cannot be undone."
          keepLabel="Keep it"
          confirmLabel="Yes, delete it"
          onConfirm={del}
        />
      )}
      {problem && (
        <p role="alert" className="text-sm text-red-600">
          {problem}
        </p>
      )}
    </div>
  );
}
