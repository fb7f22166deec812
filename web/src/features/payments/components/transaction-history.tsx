import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { listingPages } from '@/features/catalog';
import { TRANSACTIONS_PER_PAGE, useTransactions } from '../api/get-transactions';
import { TransactionList } from './transaction-list';

/** The signed-in shopper's transactions, newest first: `perPage` of them on `page`, with
 * the page numbers below (the listing's window: a busy shopper's history runs long) when
 * `onPageChange` is given (Transaction History), or just the newest few (Payment Methods'
 * preview). */
export function TransactionHistory({
  userId,
  page = 1,
  perPage = TRANSACTIONS_PER_PAGE,
  onPageChange,
}: {
  userId: string;
  page?: number;
  perPage?: number;
  onPageChange?: (page: number) => void;
}) {
  const transactions = useTransactions(userId, page, perPage);
  if (transactions.isPending) {
    return (
      <div role="status" aria-label="Loading transactions" className="space-y-2">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-20 w-full" />
        ))}
      </div>
    );
  }
  if (transactions.isError) {
    return (
      <div role="alert" className="space-y-3">
        <p className="text-red-600">{transactions.error.message}</p>
        <Button variant="outline" onClick={() => void transactions.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  const { transactions: list, total } = transactions.data;
  if (total === 0) return <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">No transactions yet</p>;
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  return (
    <div className="space-y-4">
      <TransactionList transactions={list} />
      {onPageChange && totalPages > 1 && (
        <Pagination
          label="Transaction pages"
          page={page}
          totalPages={totalPages}
          items={listingPages(page, totalPages)}
          onPageChange={onPageChange}
        />
      )}
    </div>
  );
}

