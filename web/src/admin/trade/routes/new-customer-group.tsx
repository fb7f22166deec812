import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { adminPaths } from '@/admin/shared/admin-paths';
import { useCreateCustomerGroup } from '../api/customer-groups';
import { CustomerGroupForm } from '../components/customer-group-form';
import { WithShopCategories } from '../components/with-shop-categories';
import { EMPTY_GROUP } from '../trade-schema';

/** /admin/customer-groups/new: a new group's fields; saving leads to its page, where its
 * prices are set. */
export function AdminNewCustomerGroupPage() {
  const navigate = useNavigate();
  const create = useCreateCustomerGroup();
  return (
    <div className="max-w-3xl space-y-4">
      <Link to={adminPaths.customerGroups} className="inline-flex min-h-11 items-center gap-1 text-sm text-slate-600 hover:text-slate-900 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> All customer groups
      </Link>
      <h1 className="text-2xl font-semibold">New customer group</h1>
      <WithShopCategories>
        {(categories) => (
          <CustomerGroupForm
            initial={EMPTY_GROUP}
            categories={categories}
            submitLabel="Create group"
            save={async (body) => {
              const group = await create.mutateAsync(body);
              toast.success(`Customer group ${group.name} created`);
              navigate(adminPaths.customerGroup(group._id));
            }}
          />
        )}
      </WithShopCategories>
    </div>
  );
}
