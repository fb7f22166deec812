import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useOrder } from '../api/get-order';
import type { Order } from '../api/types';
import { OrderDetails } from './order-details';

/** The order with `number`, opened with the bearer (`token` null) or with the token its
 * mails and checkout's confirmation link with; `actions` show beside it once it loads
 * (the signed-in shopper's 'Buy again'), `extra` under its items (its returns). */
export function OrderPage({
  number,
  token,
  placed = false,
  actions,
  extra,
}: {
  number: string;
  token: string | null;
  placed?: boolean;
  actions?: ReactNode;
  extra?: (order: Order) => ReactNode;
}) {
  const order = useOrder(number, token);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Order #{number}</h1>
      {order.isPending ? (
        <div role="status" aria-label="Loading order" className="space-y-4">
          <Skeleton className="h-6 w-1/2" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : order.isError ? (
        <OrderProblem error={order.error} retry={() => void order.refetch()} />
      ) : (
        <OrderDetails order={order.data} token={token} placed={placed} actions={actions} extra={extra} />
      )}
    </div>
  );
}

/** Why the order cannot be shown. Not found (a wrong number, someone else's order, a
 * link that is too old) leads to 'Track your order', which mails a fresh link. */
function OrderProblem({ error, retry }: { error: Error; retry: () => void }) {
  if (error instanceof ApiError && error.status === 404) {
    return (
      <div role="alert" className="space-y-2">
        <p className="font-medium text-red-600">{error.message}</p>
        <p className="text-slate-600">
          Have the order number and the e-mail address it was placed with?{' '}
          <Link to={paths.trackOrder} className="text-brand underline">
            Track your order
          </Link>{' '}
          and we will e-mail you a link to it.
        </p>
      </div>
    );
  }
  return (
    <div role="alert" className="space-y-3">
      <p className="text-red-600">{error.message}</p>
      <Button variant="outline" onClick={retry}>
        Try Again
      </Button>
    </div>
  );
}
