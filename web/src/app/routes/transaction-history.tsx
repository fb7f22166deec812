import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useSignedInUserId } from '@/features/auth';
import { TransactionHistory } from '@/features/payments/components/transaction-history';
import { useDocumentTitle } from '@/lib/page-title';

/** Every transaction (spec §2), newest first, a page at a time; the page is kept in the
 * address (`page`), like My Orders'. */
export function Component() {
  useDocumentTitle('Transaction History');
  const userId = useSignedInUserId();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  return (
    <div className="space-y-6">
      <Link to={paths.paymentMethods} className="inline-flex min-h-11 items-center gap-1 text-sm text-slate-600 hover:text-slate-900 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Payment Methods
      </Link>
      <h1 className="text-xl font-semibold">Transaction History</h1>
      {userId && (
        <TransactionHistory
          userId={userId}
          page={page}
          onPageChange={(next) => {
            setSearch(next === 1 ? {} : { page: String(next) });
            window.scrollTo({ top: 0, behavior: 'smooth' });
          }}
        />
      )}
    </div>
  );
}
