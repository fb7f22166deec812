import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { adminPaths } from '@/admin/shared/admin-paths';
import { LoadFailed, LoadingRows } from '@/admin/shared/components/load-states';
import { useStaleSave } from '@/admin/shared/components/stale-notice';
import { promoCodeKey } from '@/api/query-keys';
import type { PromoCode, PromoCodeData } from '@/api/types';
import { usePromoCode } from '../api/get-promo-codes';
import { useUpdatePromoCode } from '../api/save-promo-code';
import { PromoCodeForm } from '../components/promo-code-form';
import { promoFormValues } from '../promo-schema';

/** /admin/promo-codes/{id}: every field of a code, and how often it has been used. */
export function AdminPromoCodePage() {
  const { id = '' } = useParams();
  const promo = usePromoCode(id);
  return (
    <div className="max-w-3xl space-y-4">
      <Link to={adminPaths.promoCodes} className="inline-flex min-h-11 items-center gap-1 text-sm text-slate-600 hover:text-slate-900 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> All promo codes
      </Link>
      {promo.isPending ? (
        <LoadingRows label="Loading promo code" />
      ) : promo.isError ? (
        <LoadFailed error={promo.error} onRetry={() => void promo.refetch()} />
      ) : (
        <EditPromoCode promo={promo.data} />
      )}
    </div>
  );
}

function EditPromoCode({ promo }: { promo: PromoCode }) {
  const navigate = useNavigate();
  const update = useUpdatePromoCode(promo._id);
  const client = useQueryClient();
  const stale = useStaleSave(
    'promo code',
    (data) => (data as PromoCodeData).promoCode,
    (latest) => client.setQueryData(promoCodeKey(latest._id), latest),
  );
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <h1 className="break-all text-2xl font-semibold">Edit {promo.code}</h1>
        <p className="text-sm text-slate-600">
          Used in {promo.usedCount} {promo.usedCount === 1 ? 'order' : 'orders'}
          {promo.usageLimit == null ? '' : ` of ${promo.usageLimit}`}. Uses stay when you change it; switch it off rather than delete it.
        </p>
      </div>
      <PromoCodeForm
        // A fresh form for each saved version, so 'Load the latest' shows it.
        key={promo.version}
        initial={promoFormValues(promo)}
        submitLabel="Save changes"
        save={async (body) => {
          let saved: PromoCode;
          try {
            saved = await update.mutateAsync({ ...body, version: promo.version });
          } catch (error) {
            stale.caught(error);
            throw error;
          }
          toast.success(`Promo code ${saved.code} updated`);
          navigate(adminPaths.promoCodes);
        }}
      />
      {stale.notice}
    </div>
  );
}
