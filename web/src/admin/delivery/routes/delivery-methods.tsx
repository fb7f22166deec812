import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { adminPaths } from '@/admin/shared/admin-paths';
import { DeliveryMethodsTable } from '../components/delivery-methods-table';
import { DeliveryPreviewSection } from '../components/delivery-preview';

/** /admin/delivery: every delivery method in the checkout's order, the way to add one,
 * and a preview of what a checkout offers for a parcel. */
export function AdminDeliveryMethodsPage() {
  return (
    <div className="space-y-6">
      <div className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-semibold">Delivery</h1>
          <Link to={adminPaths.newDeliveryMethod} className="inline-flex h-11 items-center gap-2 rounded-md bg-brand px-4 text-sm font-medium text-white hover:bg-brand-dark md:h-10">
            <Plus className="h-4 w-4" aria-hidden="true" /> New delivery method
          </Link>
        </div>
        <DeliveryMethodsTable />
      </div>
      <DeliveryPreviewSection />
    </div>
  );
}
