import { Undo2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import { useOrderReturns } from '../api/get-order-returns';
import type { OrderReturns as Answer } from '../api/types';
import { returnPaths } from '../returns';
import { refundText, ReturnStatusBadge } from './return-summary';

/** Whether anything of the order can still be returned, and until when. */
export const returnableUntil = ({ returnableUntil, returnable }: Pick<Answer, 'returnableUntil' | 'returnable'>) =>
  returnableUntil && returnable.some((line) => line.quantity > 0) ? returnableUntil : null;

/** A completed order's returns, on its page: 'Return items' while the window is open and
 * something is left to return, and each return asked for, with where it stands. `token`
 * is how the order page was opened (null with the bearer); the links keep it. */
export function OrderReturns({ order, token }: { order: { number: string; status: string }; token: string | null }) {
  const completed = order.status === 'completed';
  const answer = useOrderReturns(order.number, token, completed);
  if (!completed) return null;
  if (answer.isError) {
    return (
      <p role="alert" className="rounded-lg border border-slate-200 p-5 text-sm text-red-600">
        {answer.error.message}
      </p>
    );
  }
  if (!answer.data) return null;
  const until = returnableUntil(answer.data);
  const { returns } = answer.data;
  if (!until && returns.length === 0) return null;
  return (
    <section aria-labelledby="returns-heading" className="space-y-3 rounded-lg border border-slate-200 p-5">
      <h2 id="returns-heading" className="text-base font-semibold">
        Returns
      </h2>
      {until && (
        <div className="space-y-2">
          <Button asChild variant="outline">
            <Link to={returnPaths.request(order.number, token)}>
              <Undo2 className="h-4 w-4" aria-hidden="true" />
              Return items
            </Link>
          </Button>
          <p className="text-sm text-slate-600">
            You can return items until <time dateTime={until}>{formatDate(until)}</time>
          </p>
        </div>
      )}
      {returns.length > 0 && (
        <ul aria-label="Returns" className="divide-y divide-slate-200 text-sm">
          {returns.map((item) => (
            <li key={item._id} aria-label={`Return ${item.number}`} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="space-y-0.5">
                <Link to={returnPaths.view(item._id, token)} className="font-medium text-brand hover:underline">
                  {item.number}
                </Link>
                <p className="text-slate-600">
                  Requested on <time dateTime={item.createdAt}>{formatDate(item.createdAt)}</time>
                </p>
              </div>
              <div className="space-y-0.5 text-right">
                <ReturnStatusBadge status={item.status} />
                {refundText(item) && <p className="text-slate-700">{refundText(item)}</p>}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
