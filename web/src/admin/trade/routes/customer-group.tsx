import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { adminPaths } from '@/admin/shared/admin-paths';
import { LoadFailed, LoadingRows } from '@/admin/shared/components/load-states';
import { useStaleSave } from '@/admin/shared/components/stale-notice';
import type { CustomerGroup } from '@/api/types';
import { putGroup, useCustomerGroup, useUpdateCustomerGroup } from '../api/customer-groups';
import { CustomerGroupForm } from '../components/customer-group-form';
import { DeleteCustomerGroup } from '../components/delete-customer-group';
import { GroupPrices } from '../components/group-prices';
import { WithShopCategories } from '../components/with-shop-categories';
import { groupFormValues } from '../trade-schema';

/** /admin/customer-groups/{id}: a group's fields, deleting it (when it has no members),
 * and its own prices per variant. */
export function AdminCustomerGroupPage() {
  const { id = '' } = useParams();
  const group = useCustomerGroup(id);
  return (
    <div className="max-w-4xl space-y-4">
      <Link to={adminPaths.customerGroups} className="inline-flex min-h-11 items-center gap-1 text-sm text-slate-600 hover:text-slate-900 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> All customer groups
      </Link>
      {group.isPending ? (
        <LoadingRows label="Loading customer group" />
      ) : group.isError ? (
        <LoadFailed error={group.error} onRetry={() => void group.refetch()} />
      ) : (
        <>
          <EditCustomerGroup group={group.data} />
          <GroupPrices group={group.data} />
        </>
      )}
    </div>
  );
}

function EditCustomerGroup({ group }: { group: CustomerGroup }) {
  const update = useUpdateCustomerGroup(group._id);
  const client = useQueryClient();
  const stale = useStaleSave(
    'customer group',
    (data) => (data as { group?: CustomerGroup }).group,
    (latest) => putGroup(client, latest),
  );
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <h1 className="break-words text-2xl font-semibold">Edit {group.name}</h1>
        <p className="text-sm text-slate-600">{group.members === 1 ? '1 trade account is in this group.' : `${group.members} trade accounts are in this group.`}</p>
      </div>
      <WithShopCategories>
        {(categories) => (
          <CustomerGroupForm
            // A fresh form for each saved version, so a save and 'Load the latest' show it.
            key={group.version}
            initial={groupFormValues(group)}
            categories={categories}
            submitLabel="Save changes"
            save={async (body) => {
              let saved: CustomerGroup;
              try {
                saved = await update.mutateAsync({ ...body, version: group.version });
              } catch (error) {
                stale.caught(error);
                throw error;
              }
              toast.success(`Customer group ${saved.name} updated`);
            }}
          />
        )}
      </WithShopCategories>
      {stale.notice}
      <DeleteCustomerGroup group={group} />
    </div>
  );
}
