import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { adminPaths } from '@/admin/shared/admin-paths';
import { useCreateDeliveryMethod } from '../api/delivery-methods';
import { DeliveryMethodForm } from '../components/delivery-method-form';
import { EMPTY_METHOD } from '../delivery-schema';

/** /admin/delivery/new: every field of a new delivery method; saving leads back to the list. */
export function AdminNewDeliveryMethodPage() {
  const navigate = useNavigate();
  const create = useCreateDeliveryMethod();
  return (
    <div className="max-w-3xl space-y-4">
      <Link to={adminPaths.deliveryMethods} className="inline-flex min-h-11 items-center gap-1 text-sm text-slate-600 hover:text-slate-900 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> All delivery methods
      </Link>
      <h1 className="text-2xl font-semibold">New delivery method</h1>
      <DeliveryMethodForm
        initial={EMPTY_METHOD}
        submitLabel="Create delivery method"
        save={async (body) => {
          const method = await create.mutateAsync(body);
          toast.success(`Delivery method ${method.name} created`);
          navigate(adminPaths.deliveryMethods);
        }}
      />
    </div>
  );
}
