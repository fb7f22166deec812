import { formatRupee } from '@/lib/format';
import type { Order } from '../api/types';

/** The order's figures as the server settled them, in the cart's rupee reading. */
export function OrderTotals({ order }: { order: Pick<Order, 'subtotal' | 'discount' | 'deliveryFee' | 'total'> }) {
  const rows = [
    { label: 'Subtotal', value: formatRupee(order.subtotal) },
    { label: 'Discount', value: `-${formatRupee(order.discount)}` },
    { label: 'Delivery Fee', value: formatRupee(order.deliveryFee) },
  ];
  return (
    <dl aria-label="Order totals" className="space-y-2 text-sm">
      {rows.map((row) => (
        <div key={row.label} className="flex justify-between">
          <dt className="text-slate-600">{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
      <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-semibold">
        <dt>Total</dt>
        <dd>{formatRupee(order.total)}</dd>
      </div>
    </dl>
  );
}
