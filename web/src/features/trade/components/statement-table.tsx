import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatDate, formatRupee } from '@/lib/format';
import { cn } from '@/lib/utils';
import type { DueStanding, StatementLine } from '../api/types';

/** Each standing in words, and how its badge reads: an overdue order stands out. */
const STANDINGS: Record<DueStanding, { label: string; badge: string }> = {
  open: { label: 'Open', badge: 'bg-slate-100 text-slate-700' },
  due: { label: 'Due today', badge: 'bg-amber-100 text-amber-900' },
  overdue: { label: 'Overdue', badge: 'bg-red-600 text-white' },
};

const Day = ({ iso }: { iso: string }) => <time dateTime={iso}>{formatDate(iso)}</time>;

/** The open orders on account: each to its page in My Orders, when it was placed, its PO
 * number, total and due date, and whether it is due; overdue rows are tinted red. */
export function StatementTable({ lines }: { lines: StatementLine[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Open orders on account</caption>
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            {['Order', 'Placed', 'PO number', 'Total', 'Due date', 'Status'].map((heading) => (
              <th key={heading} scope="col" className={cn('whitespace-nowrap px-4 py-3 font-medium', heading === 'Total' && 'text-right')}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {lines.map((line) => {
            const standing = STANDINGS[line.standing] ?? STANDINGS.open;
            const overdue = line.standing === 'overdue';
            return (
              <tr key={line.number} className={cn(overdue && 'bg-red-50')}>
                <th scope="row" className="whitespace-nowrap px-4 py-3 font-semibold">
                  <Link to={paths.myOrder(line.number)} className="inline-flex min-h-6 items-center text-brand hover:underline">
                    #{line.number}
                  </Link>
                </th>
                <td className="whitespace-nowrap px-4 py-3">
                  <Day iso={line.placedAt} />
                </td>
                <td className="max-w-48 break-words px-4 py-3">{line.poNumber}</td>
                <td className="whitespace-nowrap px-4 py-3 text-right">{formatRupee(line.total)}</td>
                <td className={cn('whitespace-nowrap px-4 py-3', overdue && 'font-semibold text-red-700')}>
                  <Day iso={line.dueDate} />
                </td>
                <td className="whitespace-nowrap px-4 py-3">
                  <span className={cn('inline-block rounded-full px-2 py-0.5 text-xs font-medium', standing.badge)}>{standing.label}</span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
