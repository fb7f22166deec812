import { useTaxRows } from '@/features/shop';
import { formatRupee } from '@/lib/format';
import type { Order } from '../api/types';

/** The order's figures as the server settled them, in the cart's rupee reading; the
 * promo code's line only when one took something off; its tax per rate (docs/DESIGN.md
 * §10) before the total when its prices were net, after it when they included tax; and,
 * once the shop gave any of it back, what was refunded. */
export function OrderTotals({
  order,
}: {
  order: Pick<Order, 'subtotal' | 'discount' | 'promoDiscount' | 'promoCode' | 'deliveryFee' | 'total' | 'taxes' | 'pricesIncludeTax' | 'refunded'>;
}) {
  const taxes = useTaxRows(order, formatRupee);
  const rows = [
    { label: 'Subtotal', value: formatRupee(order.subtotal) },
    { label: 'Discount', value: `-${formatRupee(order.discount)}` },
    ...(order.promoDiscount > 0 ? [{ label: `Promo code ${order.promoCode ?? ''}`.trim(), value: `-${formatRupee(order.promoDiscount)}` }] : []),
    { label: 'Delivery Fee', value: formatRupee(order.deliveryFee) },
    ...taxes.beforeTotal,
  ];
  return (
    <dl aria-label="Order totals" className="space-y-2 text-sm">
      {rows.map((row) => (
        <div key={row.label} className="flex justify-between gap-3">
          <dt className="min-w-0 break-all text-slate-600">{row.label}</dt>
          <dd className="whitespace-nowrap">{row.value}</dd>
        </div>
      ))}
      <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-semibold">
        <dt>Total</dt>
        <dd>{formatRupee(order.total)}</dd>
      </div>
      {taxes.afterTotal.map((row) => (
        <div key={row.label} className="flex justify-between gap-3 text-xs text-slate-600">
          <dt>{row.label}</dt>
          <dd className="whitespace-nowrap">{row.value}</dd>
        </div>
      ))}
      {order.refunded > 0 && (
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">Refunded</dt>
          <dd className="whitespace-nowrap">−{formatRupee(order.refunded)}</dd>
        </div>
      )}
    </dl>
  );
}
