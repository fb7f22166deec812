import { Plus } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { adminPaths } from '@/admin/shared/admin-paths';
import { pageParam } from '@/admin/shared/components/table-pages';
import { PromoCodesTable } from '../components/promo-codes-table';

/** /admin/promo-codes?page: every code, newest first, and the way to add one. */
export function AdminPromoCodesPage() {
  const [params, setParams] = useSearchParams();
  const page = pageParam(params);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Promo codes</h1>
        <Link to={adminPaths.newPromoCode} className="inline-flex h-11 items-center gap-2 rounded-md bg-brand px-4 text-sm font-medium text-white hover:bg-brand-dark md:h-10">
          <Plus className="h-4 w-4" aria-hidden="true" /> New promo code
        </Link>
      </div>
      <PromoCodesTable page={page} onPageChange={(next) => setParams(next > 1 ? { page: String(next) } : {})} />
    </div>
  );
}
