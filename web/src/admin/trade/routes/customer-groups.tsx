import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { adminPaths } from '@/admin/shared/admin-paths';
import { CustomerGroupsTable } from '../components/customer-groups-table';

/** /admin/customer-groups: every group trade accounts belong to, and the way to add one. */
export function AdminCustomerGroupsPage() {
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Customer groups</h1>
        <Link to={adminPaths.newCustomerGroup} className="inline-flex h-11 items-center gap-2 rounded-md bg-brand px-4 text-sm font-medium text-white hover:bg-brand-dark md:h-10">
          <Plus className="h-4 w-4" aria-hidden="true" /> New group
        </Link>
      </div>
      <p className="max-w-3xl text-sm text-slate-600">A group’s members pay its own prices: a group price for a variant, else its category discount, else the shop’s price; then any quantity break they reach. Customers in no group pay the shop’s prices.</p>
      <CustomerGroupsTable />
    </div>
  );
}
