import { ArrowLeft } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { adminPaths } from '@/admin/shared/admin-paths';
import { pageParam } from '@/admin/shared/components/table-pages';
import { CustomerAccount } from '../components/customer-account';

/** /admin/customers/{id}?page: one account, its access, and a page of its orders. */
export function AdminCustomerPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  return (
    <div className="space-y-4">
      <Link to={adminPaths.customers} className="inline-flex min-h-11 items-center gap-1 text-sm text-slate-600 hover:text-slate-900 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> All customers
      </Link>
      <CustomerAccount id={id} page={pageParam(params)} onPageChange={(page) => setParams(page > 1 ? { page: String(page) } : {})} />
    </div>
  );
}
