import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatDate, formatRupee, truncate } from '@/lib/format';
import { cn } from '@/lib/utils';
import type { Order } from '../api/types';
import { statusLabel } from '../order-steps';

/** '3 items: Brass Angle Valve and 1 more'. */
function itemSummary(lines: Order['lines']): string {
  const count = lines.reduce((sum, line) => sum + line.quantity, 0);
  const first = lines[0] ? truncate(lines[0].name) : '';
  const more = lines.length > 1 ? ` and ${lines.length - 1} more` : '';
  return `${count} ${count === 1 ? 'item' : 'items'}: ${first}${more}`;
}

/** One order in My Orders: number (to its page), date, what it holds, total and status,
 * and what the page offers to do with it (`actions`: 'Buy again'). */
export function OrderListItem({ order, actions }: { order: Order; actions?: ReactNode }) {
  const cancelled = order.status === 'cancelled';
  return (
    <li aria-label={`Order #${order.number}`} className="flex flex-wrap items-center justify-between gap-3 p-4">
      <div className="min-w-0 space-y-1">
        <Link to={paths.myOrder(order.number)} className="font-semibold hover:underline">
          Order #{order.number}
        </Link>
        <p className="text-sm text-slate-600">
          <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
        </p>
        <p className="text-sm text-slate-700">{itemSummary(order.lines)}</p>
      </div>
      <div className="space-y-1 text-right">
        <p className="font-semibold">{formatRupee(order.total)}</p>
        <p className={cn('inline-block rounded-full px-2 py-0.5 text-xs font-medium', cancelled ? 'bg-red-50 text-red-700' : 'bg-slate-100 text-slate-700')}>
          {statusLabel(order)}
        </p>
        {actions && <div className="flex justify-end">{actions}</div>}
      </div>
    </li>
  );
}
