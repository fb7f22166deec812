import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';
import { answerSummary, statusWord } from '../answer';
import type { LineAnswer, LineStatus } from '../api/types';

/** How each status's badge reads: what went in green, what did not red. */
const BADGES: Record<LineStatus, string> = {
  added: 'bg-green-50 text-green-800',
  short: 'bg-amber-100 text-amber-900',
  unknown: 'bg-red-50 text-red-700',
  invalid: 'bg-red-50 text-red-700',
};

const HEADINGS = ['SKU', 'Status', 'Quantity added', 'Message'];

/** What became of each line of a quick order or a buy again: a summary ('4 of 5 lines
 * added'), a row per line (its SKU, its status in words, how many went in and why not
 * all), and the way to the cart. */
export function LineResults({ lines, caption }: { lines: LineAnswer[]; caption: string }) {
  return (
    <div className="space-y-3">
      <p className="font-medium">{answerSummary(lines)}</p>
      <div className="overflow-x-auto rounded-lg border border-slate-200">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-slate-600">
            <tr>
              {HEADINGS.map((heading) => (
                <th key={heading} scope="col" className={cn('whitespace-nowrap px-4 py-3 font-medium', heading === 'Quantity added' && 'text-right')}>
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {lines.map((line, i) => (
              <tr key={`${i}-${line.sku}`}>
                <th scope="row" className="whitespace-nowrap px-4 py-3 font-semibold">
                  {line.sku}
                </th>
                <td className="whitespace-nowrap px-4 py-3">
                  <span className={cn('inline-block rounded-full px-2 py-0.5 text-xs font-medium', BADGES[line.status] ?? BADGES.unknown)}>{statusWord(line)}</span>
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-right">{line.quantity}</td>
                <td className="px-4 py-3 text-slate-700">{line.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Link to={paths.cart} className="inline-flex min-h-11 items-center font-medium text-brand hover:underline">
        Go to cart
      </Link>
    </div>
  );
}
