import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSignedInUserId } from '@/features/auth';
import { TRANSACTION_PREVIEW } from '@/features/payments/api/get-transactions';
import { AddCardDialog } from '@/features/payments/components/add-card-dialog';
import { SavedCards } from '@/features/payments/components/saved-cards';
import { TransactionHistory } from '@/features/payments/components/transaction-history';
import { useDocumentTitle } from '@/lib/page-title';

/** Payment Methods (spec §2): adding a card, the saved cards, and the newest
 * transactions with 'View All'. */
export function Component() {
  useDocumentTitle('Payment Methods');
  const userId = useSignedInUserId();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold">Payment Methods</h1>
        <AddCardDialog
          trigger={
            <Button>
              <Plus className="h-4 w-4" aria-hidden="true" /> New Payment Method
            </Button>
          }
        />
      </div>
      {userId && <SavedCards userId={userId} />}
      <section aria-labelledby="transactions-heading" className="space-y-3">
        <div className="flex items-center justify-between gap-3">
          <h2 id="transactions-heading" className="text-lg font-semibold">
            Transaction History
          </h2>
          <Link to={paths.transactionHistory} className="inline-flex min-h-6 items-center text-sm font-medium text-brand hover:underline">
            View All
          </Link>
        </div>
        {userId && <TransactionHistory userId={userId} perPage={TRANSACTION_PREVIEW} />}
      </section>
    </div>
  );
}
