import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useOrders } from '../api/get-orders';
import type { Order } from '../api/types';
import { OrderListItem } from './order-list-item';

/** My Orders: the signed-in shopper's orders, newest first, a page at a time, each with
 * what the page offers to do with it (`orderActions`). */
export function OrderHistory({
  userId,
  page,
  onPageChange,
  orderActions,
}: {
  userId: string;
  page: number;
  onPageChange: (page: number) => void;
  orderActions?: (order: Order) => ReactNode;
}) {
  const orders = useOrders(userId, page);
  if (orders.isPending) {
    return (
      <div role="status" aria-label="Loading orders" className="space-y-3">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-24 w-full" />
        ))}
      </div>
    );
  }
  if (orders.isError) {
    return (
      <div role="alert" className="space-y-3">
        <p className="text-red-600">{orders.error.message}</p>
        <Button variant="outline" onClick={() => void orders.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  const { orders: list, total, perPage } = orders.data;
  if (total === 0) {
    return (
      <p className="text-slate-600">
        You have not placed any orders yet.{' '}
        <Link to={paths.shop} className="text-brand underline">
          Start shopping
        </Link>
      </p>
    );
  }
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  return (
    <div className="space-y-4">
      <ul aria-label="Orders" className="divide-y divide-slate-200 rounded-lg border border-slate-200">
        {list.map((order) => (
          <OrderListItem key={order._id} order={order} actions={orderActions?.(order)} />
        ))}
      </ul>
      {totalPages > 1 && (
        // A shopper's orders run to few pages: every page number is shown.
        <Pagination
          label="Order pages"
          page={page}
          totalPages={totalPages}
          items={Array.from({ length: totalPages }, (_, i) => i + 1)}
          onPageChange={onPageChange}
        />
      )}
    </div>
  );
}
