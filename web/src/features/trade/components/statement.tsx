import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { formatRupee } from '@/lib/format';
import { useStatement } from '../api/get-statement';
import type { Statement as StatementData } from '../api/types';
import { StatementTable } from './statement-table';

/** The Statement (docs/DESIGN.md §11): the account's credit limit, what it owes and what
 * it may still spend, then its open orders on account, a page at a time. A customer
 * without an approved account is told where pay on account comes from. */
export function Statement({ userId, page, onPageChange }: { userId: string; page: number; onPageChange: (page: number) => void }) {
  const statement = useStatement(userId, page);
  if (statement.isPending) {
    return (
      <div role="status" aria-label="Loading your statement" className="space-y-3">
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (statement.isError) {
    return (
      <div role="alert" className="space-y-3">
        <p className="text-red-600">{statement.error.message}</p>
        <Button variant="outline" disabled={statement.isFetching} onClick={() => void statement.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  const data = statement.data;
  // Nothing on account and no credit to order with: no approved account (or one without
  // pay on account).
  if (data.creditLimit === 0 && data.total === 0) {
    return (
      <div className="space-y-2 rounded-lg border border-dashed border-slate-300 p-6 text-slate-700">
        <p>Pay on account comes with an approved trade account.</p>
        <Link to={paths.tradeAccount} className="inline-flex min-h-6 items-center text-brand underline">
          Go to Trade Account
        </Link>
      </div>
    );
  }
  const totalPages = Math.max(1, Math.ceil(data.total / data.perPage));
  return (
    <div className="space-y-6">
      <CreditSummary statement={data} />
      {data.total === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">No open orders on account.</p>
      ) : (
        <StatementTable lines={data.orders} />
      )}
      {totalPages > 1 && (
        // An account's open orders run to few pages: every page number is shown.
        <Pagination
          label="Statement pages"
          page={page}
          totalPages={totalPages}
          items={Array.from({ length: totalPages }, (_, i) => i + 1)}
          onPageChange={onPageChange}
        />
      )}
    </div>
  );
}

/** Credit limit, Outstanding (every open order's total) and Available. */
function CreditSummary({ statement }: { statement: Pick<StatementData, 'creditLimit' | 'outstanding' | 'available'> }) {
  const figures: [string, number][] = [
    ['Credit limit', statement.creditLimit],
    ['Outstanding', statement.outstanding],
    ['Available', statement.available],
  ];
  return (
    <dl aria-label="Account summary" className="grid gap-3 sm:grid-cols-3">
      {figures.map(([label, amount]) => (
        <div key={label} className="rounded-lg border border-slate-200 p-4">
          <dt className="text-sm text-slate-600">{label}</dt>
          <dd className="text-lg font-semibold">{formatRupee(amount)}</dd>
        </div>
      ))}
    </dl>
  );
}
