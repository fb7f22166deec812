import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { adminPaths } from '@/admin/shared/admin-paths';
import { useCreatePromoCode } from '../api/save-promo-code';
import { PromoCodeForm } from '../components/promo-code-form';
import { EMPTY_PROMO } from '../promo-schema';

/** /admin/promo-codes/new: every field of a new code; saving leads back to the table. */
export function AdminNewPromoCodePage() {
  const navigate = useNavigate();
  const create = useCreatePromoCode();
  return (
    <div className="max-w-3xl space-y-4">
      <Link to={adminPaths.promoCodes} className="inline-flex min-h-11 items-center gap-1 text-sm text-slate-600 hover:text-slate-900 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> All promo codes
      </Link>
      <h1 className="text-2xl font-semibold">New promo code</h1>
      <PromoCodeForm
        initial={EMPTY_PROMO}
        submitLabel="Create promo code"
        save={async (body) => {
          const promo = await create.mutateAsync(body);
          toast.success(`Promo code ${promo.code} created`);
          navigate(adminPaths.promoCodes);
        }}
      />
    </div>
  );
}
