import type { Order } from '@/api/types';
import { formatRupee } from '@/lib/format';
import { rateText } from '@/lib/tax';
import { useTaxLabel, useTaxRows } from '@/features/shop';
import { LineVariant } from '@/components/ui/line-variant';

/** What was ordered, at the prices paid, with each line's tax, and the order's figures
 * with its tax per rate (docs/DESIGN.md §10) and, once any was given back, what was refunded. */
export function OrderLinesTable({
  order,
}: {
  order: Pick<Order, 'lines' | 'subtotal' | 'discount' | 'promoDiscount' | 'deliveryFee' | 'total' | 'promoCode' | 'taxes' | 'pricesIncludeTax' | 'refunded'>;
}) {
  const label = useTaxLabel();
  const taxes = useTaxRows(order, formatRupee);
  const totals = [
    { label: 'Subtotal', value: formatRupee(order.subtotal) },
    { label: 'Discount', value: `-${formatRupee(order.discount)}` },
    // The shop's 20 % and the code's amount are apart, as the server sends them.
    ...(order.promoDiscount > 0 ? [{ label: `Promo code ${order.promoCode ?? ''}`.trim(), value: `-${formatRupee(order.promoDiscount)}` }] : []),
    { label: 'Delivery fee', value: formatRupee(order.deliveryFee) },
    ...taxes.beforeTotal,
  ];
  return (
    <div role="region" aria-label="Items table" tabIndex={0} className="overflow-x-auto">
      <table className="w-full min-w-[28rem] text-left text-sm">
        <caption className="sr-only">Items</caption>
        <thead className="text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-3">Item</th>
            <th scope="col" className="px-3 py-2 text-right">Qty</th>
            <th scope="col" className="px-3 py-2 text-right">Price</th>
            <th scope="col" className="px-3 py-2 text-right">
              {label}
            </th>
            <th scope="col" className="py-2 pl-3 text-right">Total</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 border-y border-slate-200">
          {order.lines.map((line, i) => (
            <tr key={`${line.variantId ?? line.productId}-${i}`}>
              <th scope="row" className="py-2 pr-3 font-normal">
                {line.name}
                <LineVariant options={line.options} sku={line.sku} className="text-xs text-slate-600" />
              </th>
              <td className="px-3 py-2 text-right">{line.quantity}</td>
              <td className="whitespace-nowrap px-3 py-2 text-right">
                {formatRupee(line.unitPrice)}
                {line.listPrice > line.unitPrice && <span className="ml-1 text-slate-500 line-through">{formatRupee(line.listPrice)}</span>}
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-right">{line.taxRate == null || line.lineTax == null ? '–' : `${rateText(line.taxRate)} · ${formatRupee(line.lineTax)}`}</td>
              <td className="whitespace-nowrap py-2 pl-3 text-right">{formatRupee(line.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {totals.map((row) => (
            <tr key={row.label}>
              <th scope="row" colSpan={4} className="pt-2 pr-3 text-right font-normal text-slate-600">
                {row.label}
              </th>
              <td className="whitespace-nowrap pt-2 pl-3 text-right">{row.value}</td>
            </tr>
          ))}
          <tr>
            <th scope="row" colSpan={4} className="pt-2 pr-3 text-right font-semibold">
              Total
            </th>
            <td className="whitespace-nowrap pt-2 pl-3 text-right font-semibold">{formatRupee(order.total)}</td>
          </tr>
          {taxes.afterTotal.map((row) => (
            <tr key={row.label} className="text-xs text-slate-600">
              <th scope="row" colSpan={4} className="pt-1 pr-3 text-right font-normal">
                {row.label}
              </th>
              <td className="whitespace-nowrap pt-1 pl-3 text-right">{row.value}</td>
            </tr>
          ))}
          {order.refunded > 0 && (
            <tr>
              <th scope="row" colSpan={4} className="pt-2 pr-3 text-right font-normal text-slate-600">
                Refunded
              </th>
              <td className="whitespace-nowrap pt-2 pl-3 text-right">{formatRupee(order.refunded)}</td>
            </tr>
          )}
        </tfoot>
      </table>
    </div>
  );
}
