import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { OrderPage } from '@/features/orders';
import { BuyAgain } from '@/features/quick-order';
import { OrderReturns } from '@/features/returns';
import { useDocumentTitle } from '@/lib/page-title';

/** One of the signed-in shopper's orders, from My Orders, with 'Buy again' (docs/DESIGN.md §11). */
export function Component() {
  const { number = '' } = useParams();
  useDocumentTitle(`Order #${number}`);
  return (
    <div className="space-y-4">
      <Link to={paths.myOrders} className="inline-flex min-h-11 items-center gap-1 text-sm text-slate-600 hover:text-slate-900 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to My Orders
      </Link>
      <OrderPage number={number} token={null} actions={<BuyAgain number={number} />} extra={(order) => <OrderReturns order={order} token={null} />} />
    </div>
  );
}
