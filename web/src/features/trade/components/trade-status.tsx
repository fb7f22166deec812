import { useId, type ReactNode } from 'react';
import { formatDate, formatRupee } from '@/lib/format';
import { cn } from '@/lib/utils';
import type { TradeApplication } from '../api/types';

const TONES = { waiting: 'border-amber-200 bg-amber-50', approved: 'border-emerald-200 bg-emerald-50', rejected: 'border-red-200 bg-red-50' };

/** A status panel: its heading, then what it says. */
function StatusPanel({ title, tone, children }: { title: string; tone: keyof typeof TONES; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn('space-y-2 rounded-lg border p-5', TONES[tone])}>
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

const Day = ({ iso }: { iso: string }) => <time dateTime={iso}>{formatDate(iso)}</time>;

/** 'Pay within 30 days'; an account with 0 days pays on the day it orders. */
const paymentTerms = (days: number) => (days === 0 ? 'Pay on the day you order' : `Pay within ${days} ${days === 1 ? 'day' : 'days'}`);

/** An open application: staff have yet to decide. */
export function ApplicationUnderReview({ application }: { application: TradeApplication }) {
  return (
    <StatusPanel title="Your application is being reviewed" tone="waiting">
      <p className="text-sm text-slate-700">
        We received the application for <span className="font-medium text-slate-900">{application.companyName}</span> on <Day iso={application.createdAt} />.
        We will email you once it is decided.
      </p>
    </StatusPanel>
  );
}

/** An approved account: its group, credit limit and payment terms. */
export function TradeAccountApproved({ application }: { application: TradeApplication }) {
  const credit = application.creditLimit ?? 0;
  const rows: [string, string][] = [['Company', application.companyName]];
  // No group once staff have deleted it.
  if (application.group) rows.push(['Customer group', application.group.name]);
  // A limit of 0: trade prices, but no pay on account, and so no terms.
  rows.push(['Credit limit', credit > 0 ? formatRupee(credit) : 'No pay on account']);
  if (credit > 0) rows.push(['Terms', paymentTerms(application.termsDays ?? 0)]);
  return (
    <StatusPanel title="Your trade account is approved" tone="approved">
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </StatusPanel>
  );
}

/** A rejected application, with staff's reason. */
export function ApplicationRejected({ application }: { application: TradeApplication }) {
  return (
    <StatusPanel title="Your application was not approved" tone="rejected">
      <p className="text-sm text-slate-700">
        The application for <span className="font-medium text-slate-900">{application.companyName}</span>, sent on <Day iso={application.createdAt} />, was not approved
        {application.decidedAt && (
          <>
            {' '}
            on <Day iso={application.decidedAt} />
          </>
        )}
        .
      </p>
      {application.reason && <p className="text-sm text-slate-900">Reason: {application.reason}</p>}
    </StatusPanel>
  );
}
