import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { type OrderLine, useOrder } from '@/features/orders';
import { ApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useOrderReturns } from '../api/get-order-returns';
import type { OrderReturns } from '../api/types';
import { returnableUntil } from './order-returns';
import { ReturnForm } from './return-form';
import type { ReturnableLine } from './return-line-field';

/** The order's lines that can still go back, with how many units each. */
function returnableLines(lines: OrderLine[], returnable: OrderReturns['returnable']): ReturnableLine[] {
  return lines.flatMap((line) => {
    const left = returnable.find((r) => r.variantId === line.variantId)?.quantity ?? 0;
    return line.variantId && left > 0 ? [{ variantId: line.variantId, name: line.name, options: line.options, sku: line.sku, image: line.image, returnable: left }] : [];
  });
}

/** /orders/{number}/return: the order (with the bearer, or the order link's `token`) and
 * what of it can go back, then the form; or why nothing can. */
export function ReturnRequestPage({ number, token }: { number: string; token: string | null }) {
  const order = useOrder(number, token);
  const answer = useOrderReturns(number, token);
  const error = order.error ?? answer.error;
  let body: ReactNode;
  if (error) {
    body = <LoadProblem error={error} retry={() => void Promise.all([order.refetch(), answer.refetch()])} />;
  } else if (!order.data || !answer.data) {
    body = (
      <div role="status" aria-label="Loading order" className="space-y-4">
        <Skeleton className="h-6 w-1/2" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  } else {
    const until = returnableUntil(answer.data);
    const lines = returnableLines(order.data.lines, answer.data.returnable);
    body =
      until && lines.length > 0 ? (
        <div className="space-y-4">
          <p className="text-sm text-slate-600">
            You can return items until <time dateTime={until}>{formatDate(until)}</time>. Choose what goes back and tell us why.
          </p>
          <ReturnForm number={number} token={token} lines={lines} />
        </div>
      ) : (
        <p role="status" className="rounded-md bg-slate-50 p-4 text-slate-700">
          {nothingToReturn(order.data.status, answer.data)}
        </p>
      );
  }
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Link to={paths.order(number, { token: token ?? undefined })} className="inline-flex min-h-11 items-center gap-1 text-sm text-slate-600 hover:text-slate-900 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to order #{number}
      </Link>
      <h1 className="text-2xl font-semibold">Return items</h1>
      {body}
    </div>
  );
}

/** Why the form is not shown, in the server's words where it has them. */
function nothingToReturn(status: string, { returnableUntil: until }: OrderReturns): string {
  if (status !== 'completed') return 'Only a completed order can be returned';
  if (!until) return 'The return window for this order has closed';
  return 'Everything in this order is already being returned';
}

/** The order or its returns could not be loaded: not found leads to 'Track your order',
 * which mails a fresh link; anything else can be tried again. */
function LoadProblem({ error, retry }: { error: Error; retry: () => void }) {
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
