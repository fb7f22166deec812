import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { adminPaths } from '@/admin/shared/admin-paths';
import { LoadFailed, LoadingRows } from '@/admin/shared/components/load-states';
import { useStaleSave } from '@/admin/shared/components/stale-notice';
import type { DeliveryMethod, DeliveryMethodData } from '@/api/types';
import { putMethod, useDeliveryMethod, useUpdateDeliveryMethod } from '../api/delivery-methods';
import { DeleteDeliveryMethod } from '../components/delete-delivery-method';
import { DeliveryMethodForm } from '../components/delivery-method-form';
import { methodFormValues } from '../delivery-schema';

/** /admin/delivery/{id}: every field of a delivery method, and deleting it (not the default). */
export function AdminDeliveryMethodPage() {
  const { id = '' } = useParams();
  const method = useDeliveryMethod(id);
  return (
    <div className="max-w-3xl space-y-4">
      <Link to={adminPaths.deliveryMethods} className="inline-flex min-h-11 items-center gap-1 text-sm text-slate-600 hover:text-slate-900 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> All delivery methods
      </Link>
      {method.isPending ? (
        <LoadingRows label="Loading delivery method" />
      ) : method.isError ? (
        <LoadFailed error={method.error} onRetry={() => void method.refetch()} />
      ) : (
        <EditDeliveryMethod method={method.data} />
      )}
    </div>
  );
}

function EditDeliveryMethod({ method }: { method: DeliveryMethod }) {
  const navigate = useNavigate();
  const update = useUpdateDeliveryMethod(method._id);
  const client = useQueryClient();
  const stale = useStaleSave(
    'delivery method',
    (data) => (data as DeliveryMethodData).method,
    (latest) => putMethod(client, latest),
  );
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <h1 className="break-words text-2xl font-semibold">Edit {method.name}</h1>
        {method.isDefault && <p className="text-sm text-slate-600">The default: used when the shopper does not choose. To change that, make another method the default; the default cannot be deleted.</p>}
      </div>
      <DeliveryMethodForm
        // A fresh form for each saved version, so 'Load the latest' shows it.
        key={method.version}
        initial={methodFormValues(method)}
        submitLabel="Save changes"
        save={async (body) => {
          let saved: DeliveryMethod;
          try {
            saved = await update.mutateAsync({ ...body, version: method.version });
          } catch (error) {
            stale.caught(error);
            throw error;
          }
          toast.success(`Delivery method ${saved.name} updated`);
          navigate(adminPaths.deliveryMethods);
        }}
      />
      {stale.notice}
      <DeleteDeliveryMethod method={method} />
    </div>
  );
}
