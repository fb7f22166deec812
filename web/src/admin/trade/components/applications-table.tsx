import { useState } from 'react';
import { Labelled, selectClass } from '@/admin/shared/components/filter-controls';
import { LoadFailed, LoadingRows } from '@/admin/shared/components/load-states';
import { pageCount, TablePages } from '@/admin/shared/components/table-pages';
import type { AdminTradeApplication } from '@/api/types';
import { Button } from '@/components/ui/button';
import { formatConsoleDate } from '@/lib/format';
import { cn } from '@/lib/utils';
import { APPLICATIONS_PER_PAGE, useTradeApplications } from '../api/trade-applications';
import { approvalTerms, STATUS_LABELS, tradeLabel } from '../labels';
import { STATUS_FILTERS, type ApplicationsQuery, type StatusFilter } from '../trade-query';
import { ReviewApplication } from './review-application';

const badge = 'inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium';
const BADGE_COLOURS: Record<string, string> = {
  open: 'bg-amber-100 text-amber-900',
  approved: 'bg-emerald-100 text-emerald-900',
  rejected: 'bg-slate-200 text-slate-800',
};

/** The status filter and a page of applications, newest first. `onChange` gets the whole
 * new query (the page keeps it in its address); a new filter goes back to the first page.
 * The application under review is held here, not in its row, so the dialog stays open
 * when the list loads again under it (after a refusal, say). */
export function TradeApplications({ query, onChange }: { query: ApplicationsQuery; onChange: (next: ApplicationsQuery) => void }) {
  const [reviewing, setReviewing] = useState<AdminTradeApplication | null>(null);
  return (
    <div className="space-y-4">
      <div className="rounded-lg border border-slate-200 bg-white p-3 sm:max-w-xs">
        <Labelled label="Status">
          {(id) => (
            <select id={id} value={query.status} onChange={(e) => onChange({ status: e.target.value as StatusFilter, page: 1 })} className={selectClass}>
              {(Object.keys(STATUS_FILTERS) as StatusFilter[]).map((status) => (
                <option key={status} value={status}>
                  {STATUS_FILTERS[status]}
                </option>
              ))}
            </select>
          )}
        </Labelled>
      </div>
      <ApplicationsTable query={query} onPageChange={(page) => onChange({ ...query, page })} onReview={setReviewing} />
      <ReviewApplication application={reviewing} onClose={() => setReviewing(null)} />
    </div>
  );
}

function ApplicationsTable({ query, onPageChange, onReview }: { query: ApplicationsQuery; onPageChange: (page: number) => void; onReview: (application: AdminTradeApplication) => void }) {
  const applications = useTradeApplications(query);
  if (applications.isPending) return <LoadingRows label="Loading trade applications" />;
  if (applications.isError) return <LoadFailed error={applications.error} onRetry={() => void applications.refetch()} />;
  const { applications: rows, total, page } = applications.data;
  if (rows.length === 0) {
    const none = query.status === 'all' ? 'No trade applications yet.' : `No ${STATUS_FILTERS[query.status].toLowerCase()} trade applications.`;
    return <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">{none}</p>;
  }
  return (
    <div className="space-y-4">
      <div
        role="region"
        aria-label="Trade applications table"
        aria-busy={applications.isPlaceholderData}
        tabIndex={0}
        className="overflow-x-auto rounded-lg border border-slate-200 bg-white focus-visible:ring-2 focus-visible:ring-brand"
      >
        <table className="w-full min-w-[52rem] text-left text-sm">
          <caption className="sr-only">
            Trade applications, newest first, page {page} of {pageCount(total, APPLICATIONS_PER_PAGE)}
          </caption>
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2">Company</th>
              <th scope="col" className="px-3 py-2">Applicant</th>
              <th scope="col" className="px-3 py-2">Trade</th>
              <th scope="col" className="px-3 py-2">Sent</th>
              <th scope="col" className="px-3 py-2">Status</th>
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">Action</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {rows.map((application) => (
              <ApplicationRow key={application._id} application={application} onReview={() => onReview(application)} />
            ))}
          </tbody>
        </table>
      </div>
      <TablePages label="Trade applications pages" page={page} total={total} perPage={APPLICATIONS_PER_PAGE} noun={['application', 'applications']} onPageChange={onPageChange} />
    </div>
  );
}

/** One application: who sent it and when, where it stands (an approval's terms, a
 * rejection's reason), and 'Review' while it is open. */
function ApplicationRow({ application, onReview }: { application: AdminTradeApplication; onReview: () => void }) {
  const { status } = application;
  return (
    <tr className="align-top">
      <th scope="row" className="min-w-[10rem] break-words px-3 py-2 font-medium">
        {application.companyName}
      </th>
      <td className="min-w-[12rem] px-3 py-2 [overflow-wrap:anywhere]">
        <span className="block">{application.fullName}</span>
        <span className="block text-xs text-slate-600">{application.emailAddress}</span>
      </td>
      <td className="px-3 py-2">{tradeLabel(application.trade)}</td>
      <td className="whitespace-nowrap px-3 py-2">
        <time dateTime={application.createdAt}>{formatConsoleDate(application.createdAt)}</time>
      </td>
      <td className="min-w-[12rem] px-3 py-2">
        <span className={cn(badge, BADGE_COLOURS[status] ?? BADGE_COLOURS.rejected)}>{STATUS_LABELS[status] ?? status}</span>
        {status === 'approved' && <span className="mt-1 block text-xs">{approvalTerms(application)}</span>}
        {status === 'rejected' && <span className="mt-1 block break-words text-xs">Reason: {application.reason ?? 'none given'}</span>}
      </td>
      <td className="px-3 py-2">
        {status === 'open' && (
          <Button variant="outline" className="h-11 md:h-9" aria-label={`Review ${application.companyName}`} onClick={onReview}>
            Review
          </Button>
        )}
      </td>
    </tr>
  );
}
