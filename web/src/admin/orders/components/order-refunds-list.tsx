import type { Order } from '@/api/types';
import { formatConsoleDateTime, formatRupee } from '@/lib/format';

type Refund = NonNullable<Order['refunds']>[number];

/** How each refund stands, in staff's words. */
const STATUS_LABELS: Record<string, string> = {
  succeeded: 'Refunded',
  pending: 'Held: the provider has not answered yet',
  failed: 'Refused by the provider',
};

/** 'Refunds': each refund of the order, first first, with its reason, who made it, the
 * return it was for and where it stands (docs/DESIGN.md §12). Nothing until one is made. */
export function OrderRefundsList({ refunds }: { refunds: Refund[] | null | undefined }) {
  if (!refunds || refunds.length === 0) return null;
  return (
    <section aria-labelledby="refunds-heading" className="space-y-2 rounded-lg border border-slate-200 p-4">
      <h2 id="refunds-heading" className="text-base font-semibold">
        Refunds
      </h2>
      <ol aria-label="Refunds" className="divide-y divide-slate-100">
        {refunds.map((refund, i) => (
          <li key={`${refund.createdAt}-${i}`} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2 text-sm">
            <span className="min-w-0">
              <span className="font-medium">{formatRupee(refund.amount)}</span>
              <span className="break-words text-slate-700"> · {refund.reason}</span>
              {refund.returnNumber && <span className="text-slate-700"> · for return {refund.returnNumber}</span>}
            </span>
            <span className="text-slate-600">
              {STATUS_LABELS[refund.status] ?? refund.status} · {refund.by ?? 'the customer’s cancellation'} · <time dateTime={refund.createdAt}>{formatConsoleDateTime(refund.createdAt)}</time>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
