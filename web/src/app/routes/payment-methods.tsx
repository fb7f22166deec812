import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { AddCardDialog } from '@/features/account/components/add-card-dialog';
import { ExampleNote } from '@/features/account/components/example-note';
import { SavedCardItem } from '@/features/account/components/saved-card-item';
import { TransactionList } from '@/features/account/components/transaction-list';
import { SAMPLE_CARDS, SAMPLE_NOTE, SAMPLE_TRANSACTIONS, TRANSACTION_PREVIEW } from '@/features/account/samples';

/** Payment Methods (spec §2): adding a card, the saved cards and a preview of the
 * transactions. All of it is example content until payments become real (DESIGN.md §5). */
export function Component() {
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
      <ExampleNote>{SAMPLE_NOTE.cards}</ExampleNote>
      <ul aria-label="Saved cards" className="grid gap-4 sm:grid-cols-2">
        {SAMPLE_CARDS.map((card) => (
          <SavedCardItem key={card.id} card={card} />
        ))}
      </ul>
      <section aria-labelledby="transactions-heading" className="space-y-3">
        <div className="flex items-center justify-between gap-3">
          <h2 id="transactions-heading" className="text-lg font-semibold">
            Transaction History
          </h2>
          <Link to={paths.transactionHistory} className="text-sm font-medium text-brand hover:underline">
            View All
          </Link>
        </div>
        <TransactionList transactions={SAMPLE_TRANSACTIONS.slice(0, TRANSACTION_PREVIEW)} />
      </section>
    </div>
  );
}
