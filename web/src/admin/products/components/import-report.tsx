import { Link } from 'react-router';
import { adminPaths } from '@/admin/shared/admin-paths';
import { cn } from '@/lib/utils';
import type { ImportAction, ImportChange, ImportReport, ImportRow } from '../api/import-products';

/** At most this many new and updated rows are listed (refused ones always are). */
export const SHOWN_OTHER_ROWS = 200;

const ACTION_LABELS: Record<ImportAction, string> = {
  create: 'New product',
  update: 'Update',
  refuse: 'Refused',
};

/** What a row does: a new line of a product the shop has (it names the product) is a new
 * variant of it. */
export function actionLabel(row: ImportRow, applied: boolean): string {
  return row.action === 'create' && row.id && !applied ? 'New variant' : ACTION_LABELS[row.action];
}

/** Refused rows first, every one; then new and updated ones by row, `SHOWN_OTHER_ROWS` of
 * them at most. Rows that change nothing are not in the report: only counted. */
export function rowsToShow(rows: ImportRow[]): { shown: ImportRow[]; hidden: number } {
  const byRow = [...rows].sort((a, b) => a.row - b.row);
  const refused = byRow.filter((row) => row.action === 'refuse');
  const changes = byRow.filter((row) => row.action !== 'refuse');
  return { shown: [...refused, ...changes.slice(0, SHOWN_OTHER_ROWS)], hidden: Math.max(0, changes.length - SHOWN_OTHER_ROWS) };
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

/** One side of a change as the file writes it; an empty cell says so. */
function CellValue({ value }: { value: string }) {
  return value === '' ? <em className="text-slate-600">empty</em> : <span className="whitespace-pre-wrap break-words">{value}</span>;
}

/** 'price: 40.00 → 90': each field a row changes, as the file writes it. */
function Changes({ changes }: { changes: ImportChange[] }) {
  return (
    <ul className="space-y-1">
      {changes.map((change) => (
        <li key={change.field}>
          <span className="font-medium">{change.field}</span>: <CellValue value={change.from} /> → <CellValue value={change.to} />
        </li>
      ))}
    </ul>
  );
}

/** Each row of the file that does something, with what: refused ones first with why,
 * then new and updated ones with each field they change and any flag ('Check this
 * price'); the rows that change nothing folded into one line. */
export function ImportRows({ report }: { report: ImportReport }) {
  const { shown, hidden } = rowsToShow(report.rows);
  const unchanged = report.unchanged;
  return (
    <div className="space-y-2">
      {shown.length > 0 && (
        <div role="region" aria-label="Rows of the file" tabIndex={0} className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white focus-visible:ring-2 focus-visible:ring-brand">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">Rows of the file that change something: refused ones first, then new and updated products with what changes</caption>
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2">Row</th>
                <th scope="col" className="px-3 py-2">Result</th>
                <th scope="col" className="px-3 py-2">Name</th>
                <th scope="col" className="px-3 py-2">What changes</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 align-top">
              {shown.map((row) => (
                <tr key={row.row} className={row.action === 'refuse' ? 'bg-red-50' : row.flags.length > 0 ? 'bg-amber-50' : undefined}>
                  <td className="px-3 py-2 tabular-nums">{row.row}</td>
                  <td className={cn('whitespace-nowrap px-3 py-2', row.action === 'refuse' && 'font-semibold text-red-800')}>{actionLabel(row, report.applied)}</td>
                  <th scope="row" className="break-words px-3 py-2 font-medium">
                    {row.id ? (
                      <Link to={adminPaths.product(row.id)} className="text-brand hover:underline">
                        {row.name || 'No name'}
                      </Link>
                    ) : (
                      row.name || 'No name'
                    )}
                    {row.sku && <span className="block text-xs font-normal text-slate-600">SKU {row.sku}</span>}
                  </th>
                  <td className="space-y-1 px-3 py-2">
                    {row.flags.map((flag) => (
                      <p key={flag}>
                        <strong className="inline-block rounded bg-amber-200 px-1.5 py-0.5 text-amber-950">{flag}</strong>
                      </p>
                    ))}
                    {row.changes.length > 0 && <Changes changes={row.changes} />}
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
      )}
      {hidden > 0 && (
        <p className="text-sm text-slate-600">
          …and {hidden} more {hidden === 1 ? 'row' : 'rows'} that change something, not listed here; the counts above include them.
        </p>
      )}
      {unchanged > 0 && (
        <p className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-600">
          {unchanged} unchanged {unchanged === 1 ? 'line' : 'lines'}
        </p>
      )}
    </div>
  );
}
