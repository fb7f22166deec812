import { LineVariant } from '@/components/ui/line-variant';
import { REASON_LABELS } from '../labels';
import type { Return } from '../types';

/** What the shopper sends back, line by line, with why; once received, how many came back
 * and how many of those went back on sale ('–' until then). */
export function ReturnLinesTable({ lines }: { lines: Return['lines'] }) {
  const count = (value: number | null | undefined) => (value == null ? '–' : value);
  return (
    <div role="region" aria-label="Items table" tabIndex={0} className="overflow-x-auto">
      <table className="w-full min-w-[32rem] text-left text-sm">
        <caption className="sr-only">Items</caption>
        <thead className="text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-3">Item</th>
            <th scope="col" className="px-3 py-2 text-right">Quantity</th>
            <th scope="col" className="px-3 py-2">Reason</th>
            <th scope="col" className="px-3 py-2 text-right">Came back</th>
            <th scope="col" className="py-2 pl-3 text-right">Back on sale</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 border-y border-slate-200">
          {lines.map((line) => (
            <tr key={line.variantId}>
              <th scope="row" className="py-2 pr-3 font-normal">
                {line.name}
                <LineVariant options={line.options} sku={line.sku} className="text-xs text-slate-600" />
              </th>
              <td className="px-3 py-2 text-right">{line.quantity}</td>
              <td className="px-3 py-2">{REASON_LABELS[line.reason] ?? line.reason}</td>
              <td className="px-3 py-2 text-right">{count(line.received)}</td>
              <td className="py-2 pl-3 text-right">{count(line.restocked)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
