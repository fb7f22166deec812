import { Link } from 'react-router';
import { adminPaths } from '@/config/admin-paths';
import { cn } from '@/lib/utils';
import type { ImportAction, ImportReport, ImportRow } from '../api/import-products';

/** At most this many lines that are not refused are listed (refused ones always are). */
export const SHOWN_OTHER_ROWS = 200;

const ACTION_LABELS: Record<ImportAction, string> = {
  create: 'New product',
  update: 'Update',
  unchanged: 'Unchanged',
  refuse: 'Refused',
};

/** Refused rows first, every one; then new and updated ones, then unchanged ones, each by
 * line, `SHOWN_OTHER_ROWS` of them at most: a change far down a long file is still listed. */
export function rowsToShow(rows: ImportRow[]): { shown: ImportRow[]; hidden: number } {
  const byLine = [...rows].sort((a, b) => a.line - b.line);
  const refused = byLine.filter((row) => row.action === 'refuse');
  const changes = byLine.filter((row) => row.action === 'create' || row.action === 'update');
  const unchanged = byLine.filter((row) => row.action === 'unchanged');
  const others = [...changes, ...unchanged];
  return { shown: [...refused, ...others.slice(0, SHOWN_OTHER_ROWS)], hidden: Math.max(0, others.length - SHOWN_OTHER_ROWS) };
}

/** The four counts of a checked (or applied) file. */
export function ImportCounts({ report }: { report: ImportReport }) {
  const counts: [string, number][] = report.applied
    ? [
        ['Created', report.created],
        ['Updated', report.updated],
        ['Unchanged', report.unchanged],
      ]
    : [
        ['To create', report.created],
        ['To update', report.updated],
        ['Unchanged', report.unchanged],
        ['Refused', report.refused],
      ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {counts.map(([term, count]) => (
        <div key={term} className={cn('rounded-lg border bg-white p-3', term === 'Refused' && count > 0 ? 'border-red-300 bg-red-50' : 'border-slate-200')}>
          <dt className="text-sm text-slate-600">{term}</dt>
          <dd className="text-2xl font-semibold">{count}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Each line of the file with what the import does with it, refused ones first with why. */
export function ImportRows({ report }: { report: ImportReport }) {
  const { shown, hidden } = rowsToShow(report.rows);
  if (shown.length === 0) return null;
  return (
    <div className="space-y-2">
      <div role="region" aria-label="Lines of the file" tabIndex={0} className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white focus-visible:ring-2 focus-visible:ring-brand">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption className="sr-only">Lines of the file: refused ones first, then new and updated products, then unchanged ones</caption>
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2">Line</th>
              <th scope="col" className="px-3 py-2">Result</th>
              <th scope="col" className="px-3 py-2">Name</th>
              <th scope="col" className="px-3 py-2">Problems</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {shown.map((row) => (
              <tr key={row.line} className={row.action === 'refuse' ? 'bg-red-50' : undefined}>
                <td className="px-3 py-2 tabular-nums">{row.line}</td>
                <td className={cn('whitespace-nowrap px-3 py-2', row.action === 'refuse' && 'font-semibold text-red-800')}>{ACTION_LABELS[row.action]}</td>
                <th scope="row" className="break-words px-3 py-2 font-medium">
                  {row.id ? (
                    <Link to={adminPaths.product(row.id)} className="text-brand hover:underline">
                      {row.name || 'No name'}
                    </Link>
                  ) : (
                    row.name || 'No name'
                  )}
                </th>
                <td className="px-3 py-2">
                  {row.errors.length > 0 && (
                    <ul className="list-disc space-y-1 pl-4 text-red-800">
                      {row.errors.map((error, i) => (
                        <li key={i}>{error}</li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {hidden > 0 && (
        <p className="text-sm text-slate-600">
          …and {hidden} more {hidden === 1 ? 'line' : 'lines'}, not listed here; the counts above include them.
        </p>
      )}
    </div>
  );
}
