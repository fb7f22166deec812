import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useTradeApplication } from '../api/get-application';
import { ApplicationRejected, ApplicationUnderReview, TradeAccountApproved } from './trade-status';
import { TradeApplicationForm } from './trade-application-form';

const INTRO =
  'Trade prices, quantity breaks and pay on account for plumbers, heating engineers and builders. Tell us about your business and we will review your application.';

/** The account area's Trade Account (docs/DESIGN.md §11), by the latest application: none
 * yet, the form; open, its status; approved, the account's terms; rejected, the reason
 * and the form again, filled in from it. */
export function TradeAccount({ userId }: { userId: string }) {
  const application = useTradeApplication(userId);
  if (application.isPending) {
    return (
      <div role="status" aria-label="Loading your trade account" className="space-y-3">
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (application.isError) {
    return (
      <div role="alert" className="space-y-3">
        <p className="text-red-600">{application.error.message}</p>
        <Button variant="outline" disabled={application.isFetching} onClick={() => void application.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  const latest = application.data;
  if (!latest) {
    return (
      <div className="space-y-6">
        <p className="text-slate-700">{INTRO}</p>
        <TradeApplicationForm userId={userId} title="Apply for a trade account" from={null} />
      </div>
    );
  }
  switch (latest.status) {
    case 'open':
      return <ApplicationUnderReview application={latest} />;
    case 'approved':
      return <TradeAccountApproved application={latest} />;
    case 'rejected':
      return (
        <div className="space-y-8">
          <ApplicationRejected application={latest} />
          {/* Keyed by the application: a newer rejection fills the form afresh. */}
          <TradeApplicationForm key={latest._id} userId={userId} title="Apply again" from={latest} />
        </div>
      );
  }
}
