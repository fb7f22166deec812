import { ArrowLeft, Printer } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { adminPaths } from '@/admin/shared/admin-paths';
import { Button } from '@/components/ui/button';
import { WithAdminOrder } from '../components/admin-order';
import { PackingSlip } from '../components/packing-slip';

/** /admin/orders/{number}/packing-slip: the slip, and a button to print it. Printed, the
 * page is the slip alone: the console's navigation and these controls are left out. */
export function PackingSlipPage() {
  const { number = '' } = useParams();
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <Link to={adminPaths.order(number)} className="inline-flex min-h-11 items-center gap-1 text-sm text-slate-600 hover:text-slate-900 hover:underline">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to order #{number}
        </Link>
        <Button className="h-11" onClick={() => window.print()}>
          <Printer className="h-4 w-4" aria-hidden="true" /> Print packing slip
        </Button>
      </div>
      <h1 className="sr-only">Packing slip for order #{number}</h1>
      <WithAdminOrder number={number}>{(order) => <PackingSlip order={order} />}</WithAdminOrder>
    </div>
  );
}
