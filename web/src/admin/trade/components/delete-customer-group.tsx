import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { adminPaths } from '@/admin/shared/admin-paths';
import { ConfirmDialog } from '@/admin/shared/components/confirm-dialog';
import type { CustomerGroup } from '@/api/types';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/errors';
import { useDeleteCustomerGroup } from '../api/customer-groups';

/** 'Delete', after a question; then back to the list. A group with members is refused
 * (409 'This group has 3 members: move them to another group first'): members may have
 * joined since the page loaded, so the server's word shows here rather than a guess. */
export function DeleteCustomerGroup({ group }: { group: CustomerGroup }) {
  const navigate = useNavigate();
  const remove = useDeleteCustomerGroup(group._id);
  const [problem, setProblem] = useState<string | null>(null);
  const del = () => {
    setProblem(null);
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success(`Customer group ${group.name} deleted`);
        navigate(adminPaths.customerGroups);
      },
      onError: (error) => setProblem(errorMessage(error, 'Failed to delete the customer group')),
    });
  };
  return (
    <div className="space-y-2 border-t border-slate-200 pt-4">
      <ConfirmDialog
        trigger={
          <Button variant="outline" className="h-11 border-red-300 text-red-700 hover:bg-red-50" disabled={remove.isPending}>
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        }
        title={`Delete ${group.name}?`}
        description="Its group prices and quantity breaks go with it. A group with members cannot be deleted: move them to another group first. This cannot be undone."
        keepLabel="Keep it"
        confirmLabel="Yes, delete it"
        onConfirm={del}
      />
      {problem && (
        <p role="alert" className="text-sm text-red-600">
          {problem}
        </p>
      )}
    </div>
  );
}
