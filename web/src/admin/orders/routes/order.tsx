import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { adminPaths } from '@/admin/shared/admin-paths';
import { AdminOrder, WithAdminOrder } from '../components/admin-order';

/** /admin/orders/{number}: one order, and what may be done with it now. */
export function AdminOrderPage() {
  const { number = '' } = useParams();
  return (
    <div className="space-y-4">
      <Link to={adminPaths.orders} className="inline-flex min-h-11 items-center gap-1 text-sm text-slate-600 hover:text-slate-900 hover:underline print:hidden">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> All orders
      </Link>
      <h1 className="text-2xl font-semibold">Order #{number}</h1>
      <WithAdminOrder number={number}>{(order) => <AdminOrder order={order} />}</WithAdminOrder>
    </div>
  );
}
