import { useSearchParams } from 'react-router';
import { TradeApplications } from '../components/applications-table';
import { applicationsSearch, parseApplicationsQuery } from '../trade-query';

/** /admin/trade-applications?status&page: customers' applications for a trade account,
 * opening on the open ones, to approve into a customer group or reject with a reason. */
export function AdminTradeApplicationsPage() {
  const [params, setParams] = useSearchParams();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Trade applications</h1>
      <p className="max-w-3xl text-sm text-slate-600">An approved customer joins the group you choose, with its prices and discounts, and may pay on account up to the credit limit. Either way the applicant is mailed.</p>
      <TradeApplications query={parseApplicationsQuery(params)} onChange={(next) => setParams(applicationsSearch(next))} />
    </div>
  );
}
