import type { Order } from '@/api/types';
import { addressLines } from '@/lib/address';
import { formatConsoleDate } from '@/lib/format';
import { FULFILMENT_LABELS } from '../labels';
import { LineVariant } from '@/components/ui/line-variant';

/** What goes in the box with the order: who it is for, how it leaves the shop, and each
 * line with its quantity and a box to tick. No prices: the slip travels with the goods. */
export function PackingSlip({ order }: { order: Order }) {
  const { contact } = order;
  const units = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  const address = addressLines(contact);
  return (
    <article aria-label={`Packing slip for order #${order.number}`} className="space-y-6 rounded-lg border border-slate-200 p-6 print:border-0 print:p-0">
      <header className="flex flex-wrap justify-between gap-4">
        <div>
          <p className="text-sm text-slate-600">Packing slip</p>
          <p className="text-2xl font-semibold">Order #{order.number}</p>
          <p className="text-sm">Placed {formatConsoleDate(order.createdAt)}</p>
        </div>
        <div className="text-sm">
          <p className="font-medium">{order.fulfilment === 'delivery' ? 'Deliver to' : 'Collected in store by'}</p>
          <p className="break-words">{contact.firstName}</p>
          {order.fulfilment === 'delivery' && address.map((part) => <p key={part} className="break-words">{part}</p>)}
          <p>{contact.phoneNumber}</p>
          <p className="break-all">{contact.emailAddress}</p>
        </div>
      </header>
      <p className="text-sm">
        {FULFILMENT_LABELS[order.fulfilment]}
        {order.deliveryMethod && ` by ${order.deliveryMethod.name}`} · {order.lines.length} {order.lines.length === 1 ? 'line' : 'lines'}, {units} {units === 1 ? 'item' : 'items'}
      </p>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Items to pack</caption>
        <thead className="border-b border-slate-300 text-xs uppercase tracking-wide">
          <tr>
            <th scope="col" className="py-2 pr-3 w-16">Qty</th>
            <th scope="col" className="py-2 pr-3">Item</th>
            <th scope="col" className="py-2 w-20 text-center">Packed</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {order.lines.map((line, i) => (
            <tr key={`${line.variantId ?? line.productId}-${i}`}>
              <td className="py-2 pr-3 font-semibold">{line.quantity}</td>
              <th scope="row" className="break-words py-2 pr-3 font-normal">
                {line.name}
                <LineVariant options={line.options} sku={line.sku} className="text-xs" />
              </th>
              <td className="py-2 text-center">
                <span aria-hidden="true" className="inline-block h-4 w-4 border border-slate-500" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}
