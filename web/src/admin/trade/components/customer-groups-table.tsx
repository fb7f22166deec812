import { Link } from 'react-router';
import { adminPaths } from '@/admin/shared/admin-paths';
import { LoadFailed, LoadingRows } from '@/admin/shared/components/load-states';
import { useCustomerGroups } from '../api/customer-groups';

/** Every customer group: how many category discounts it gives, whether the shop's cart
 * discount applies to it, and how many trade accounts are in it. */
export function CustomerGroupsTable() {
  const groups = useCustomerGroups();
  if (groups.isPending) return <LoadingRows label="Loading customer groups" />;
  if (groups.isError) return <LoadFailed error={groups.error} onRetry={() => void groups.refetch()} />;
  if (groups.data.length === 0) {
    return <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">No customer groups yet. Approving a trade application puts the account in one.</p>;
  }
  return (
    <div role="region" aria-label="Customer groups table" tabIndex={0} className="overflow-x-auto rounded-lg border border-slate-200 bg-white focus-visible:ring-2 focus-visible:ring-brand">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">Customer groups</caption>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2">Name</th>
            <th scope="col" className="px-3 py-2 text-right">Category discounts</th>
            <th scope="col" className="px-3 py-2">Cart discount</th>
            <th scope="col" className="px-3 py-2 text-right">Members</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {groups.data.map((group) => (
            <tr key={group._id} className="hover:bg-slate-50">
              <th scope="row" className="px-3 py-2 font-medium">
                <Link to={adminPaths.customerGroup(group._id)} className="inline-flex min-h-11 items-center break-words text-brand hover:underline md:min-h-0">
                  {group.name}
                </Link>
              </th>
              <td className="px-3 py-2 text-right tabular-nums">{group.categoryDiscounts.length}</td>
              <td className="px-3 py-2">{group.cartDiscount ? 'Yes' : 'No'}</td>
              <td className="px-3 py-2 text-right tabular-nums">{group.members}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
