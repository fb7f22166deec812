import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { AdminReturn, WithAdminReturn } from '../components/admin-return';
import { returnsPaths } from '../paths';

/** /admin/returns/{id}: one return, and what may be done with it now. */
export function AdminReturnPage() {
  const { id = '' } = useParams();
  return (
    <div className="space-y-4">
      <Link to={returnsPaths.returns} className="inline-flex min-h-11 items-center gap-1 text-sm text-slate-600 hover:text-slate-900 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> All returns
      </Link>
      {/* Keyed by the return, so another return's page starts with its own forms. */}
      <WithAdminReturn key={id} id={id}>
        {(ret) => <AdminReturn ret={ret} />}
      </WithAdminReturn>
    </div>
  );
}
