import type { ReactNode } from 'react';
import type { AdminTradeApplication } from '@/api/types';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { formatConsoleDateTime } from '@/lib/format';
import { tradeLabel } from '../labels';
import { ApproveForm, RejectForm } from './decision-forms';

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{term}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/** Everything the applicant sent, and who they are. */
function ApplicationDetails({ application }: { application: AdminTradeApplication }) {
  const { address } = application;
  return (
    <dl aria-label="Application" className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
      <Detail term="Company">{application.companyName}</Detail>
      <Detail term="Tax number">{application.taxNumber || 'None given'}</Detail>
      <Detail term="Trade">{tradeLabel(application.trade)}</Detail>
      <Detail term="Phone">{application.phoneNumber}</Detail>
      <Detail term="Address">
        {[address.streetAddress, address.townCity, address.postcode, address.country].filter(Boolean).map((line, index) => (
          <span key={index} className="block">
            {line}
          </span>
        ))}
      </Detail>
      <Detail term="Applicant">
        <span className="block">{application.fullName}</span>
        <span className="block [overflow-wrap:anywhere]">{application.emailAddress}</span>
      </Detail>
      <Detail term="Sent">
        <time dateTime={application.createdAt}>{formatConsoleDateTime(application.createdAt)}</time>
      </Detail>
    </dl>
  );
}

/** The open application being reviewed (none: closed): what it says, and the two ways to
 * decide it. Either decision closes it; a refusal keeps it open with the server's words. */
export function ReviewApplication({ application, onClose }: { application: AdminTradeApplication | null; onClose: () => void }) {
  return (
    <Dialog open={application !== null} onOpenChange={(open) => !open && onClose()}>
      {application && (
        <DialogContent title={`Review ${application.companyName}`} description="Approving opens a trade account and mails the applicant; rejecting mails them the reason." className="max-w-3xl">
          <div className="space-y-6">
            <ApplicationDetails application={application} />
            <div className="grid grid-cols-1 gap-6 border-t border-slate-200 pt-4 md:grid-cols-2">
              <ApproveForm key={`approve-${application._id}`} application={application} onDecided={onClose} />
              <RejectForm key={`reject-${application._id}`} application={application} onDecided={onClose} />
            </div>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
