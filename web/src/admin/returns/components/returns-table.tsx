import { Link } from 'react-router';
import { adminPaths } from '@/admin/shared/admin-paths';
import { LoadFailed, LoadingRows } from '@/admin/shared/components/load-states';
import { pageCount, TablePages } from '@/admin/shared/components/table-pages';
import { formatConsoleDateTime, formatRupee } from '@/lib/format';
import { useMediaQuery } from '@/lib/media-query';
import { ADMIN_RETURNS_PER_PAGE, useAdminReturns } from '../api/get-admin-returns';
import { STATUS_LABELS } from '../labels';
import { returnsPaths, type ReturnsQuery } from '../paths';
import { itemCount } from '../return-actions';
import type { Return } from '../types';
import { ReturnStatusBadge } from './return-badge';

/** Below this width the returns are cards, not a table (as the orders are). */
const PHONE_QUERY = '(max-width: 767px)';

/** A page of the returns `query` names, newest first; `onPageChange` moves between pages
 * (the page keeps the query in its URL). */
export function ReturnsTable({ query, onPageChange }: { query: ReturnsQuery; onPageChange: (page: number) => void }) {
  const returns = useAdminReturns(query);
  const phone = useMediaQuery(PHONE_QUERY);
  if (returns.isPending) return <LoadingRows label="Loading returns" />;
  if (returns.isError) return <LoadFailed error={returns.error} onRetry={() => void returns.refetch()} />;
  // While the next page loads the last one stays, described by its own page number.
  const { returns: rows, total, page: shown } = returns.data;
  if (rows.length === 0) {
    return <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">{query.status ? 'No returns with this status' : 'No returns yet'}</p>;
  }
  const caption = `Returns${query.status ? `, ${STATUS_LABELS[query.status]}` : ''}, page ${shown} of ${pageCount(total, ADMIN_RETURNS_PER_PAGE)}`;
  const pages = <TablePages label="Returns pages" page={shown} total={total} perPage={ADMIN_RETURNS_PER_PAGE} noun={['return', 'returns']} onPageChange={onPageChange} />;
  if (phone) {
    return (
      <div className="space-y-4">
        <ReturnCards returns={rows} caption={caption} busy={returns.isPlaceholderData} />
        {pages}
      </div>
    );
  }
  return (
    <div className="space-y-4">
      {/* Between a phone and a wide screen the table scrolls sideways in its own box, never the page. */}
      <div role="region" aria-label="Returns table" aria-busy={returns.isPlaceholderData} tabIndex={0} className="overflow-x-auto rounded-lg border border-slate-200 focus-visible:ring-2 focus-visible:ring-brand">
        <table className="w-full min-w-[44rem] text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2">Number</th>
              <th scope="col" className="px-3 py-2">Order</th>
              <th scope="col" className="px-3 py-2">Requested</th>
              <th scope="col" className="px-3 py-2 text-right">Items</th>
              <th scope="col" className="px-3 py-2">Status</th>
              <th scope="col" className="px-3 py-2 text-right">Estimate</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {rows.map((ret) => (
              <tr key={ret._id} className="hover:bg-slate-50">
                <th scope="row" className="px-3 py-2 font-medium">
                  <Link to={returnsPaths.return(ret._id)} className="inline-flex min-h-11 items-center text-brand hover:underline md:min-h-0">
                    {ret.number}
                  </Link>
                </th>
                <td className="px-3 py-2">
                  <Link to={adminPaths.order(ret.orderNumber)} className="inline-flex min-h-11 items-center text-brand hover:underline md:min-h-0">
                    #{ret.orderNumber}
                  </Link>
                </td>
                <td className="whitespace-nowrap px-3 py-2">
                  <time dateTime={ret.createdAt}>{formatConsoleDateTime(ret.createdAt)}</time>
                </td>
                <td className="px-3 py-2 text-right">{itemCount(ret)}</td>
                <td className="px-3 py-2">
                  <ReturnStatusBadge status={ret.status} />
                </td>
                <td className="whitespace-nowrap px-3 py-2 text-right font-medium">{formatRupee(ret.refundEstimate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages}
    </div>
  );
}

/** The returns as cards on a phone: number, status and estimate first, then the order,
 * when and how many items. */
function ReturnCards({ returns, caption, busy }: { returns: Return[]; caption: string; busy: boolean }) {
  return (
    <section aria-label="Returns list" aria-busy={busy}>
      <h2 className="sr-only">{caption}</h2>
      <ul className="space-y-2">
        {returns.map((ret) => {
          const items = itemCount(ret);
          return (
            <li key={ret._id} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
              <div className="flex items-center justify-between gap-2">
                <Link to={returnsPaths.return(ret._id)} className="inline-flex min-h-11 items-center font-medium text-brand hover:underline">
                  {ret.number}
                </Link>
                <span className="whitespace-nowrap font-medium">{formatRupee(ret.refundEstimate)}</span>
              </div>
              <div className="flex flex-wrap items-center gap-1.5">
                <ReturnStatusBadge status={ret.status} />
                <Link to={adminPaths.order(ret.orderNumber)} className="inline-flex min-h-11 items-center text-brand hover:underline">
                  Order #{ret.orderNumber}
                </Link>
              </div>
              <p className="mt-1 text-slate-600">
                <time dateTime={ret.createdAt}>{formatConsoleDateTime(ret.createdAt)}</time> · {items} {items === 1 ? 'item' : 'items'}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
